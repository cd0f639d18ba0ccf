import { AMEND_PASSWORD_TYPES } from '@tradedesk/contract';
import { Button, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useChangePassword } from '../api/user-api.ts';

/** Change password with the current one; every session ends, so the user logs in again. */
export function PasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const changePassword = useChangePassword();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || !next || !repeat) {
      Toast.show({ content: t('public.input_full') });
      return;
    }
    if (next !== repeat) {
      Toast.show({ content: t('public.password_not_equal') });
      return;
    }
    try {
      await changePassword.mutateAsync({
        type: AMEND_PASSWORD_TYPES.currentPassword,
        auth_code: current,
        new_password: next,
        re_password: repeat,
      });
      // Forgotten in the same step as leaving, so the login guard does not send this page away first.
      useSessionStore.getState().clear();
      navigate('/login', { replace: true });
    } catch {
      // Toasted by the client.
    }
  };

  return (
    <div className="page">
      <PageHeader title={t('password.title')} fallback="/user" />
      <form className="auth-form padded" onSubmit={submit} noValidate>
        <PasswordField
          name="old_password"
          placeholder={t('password.old')}
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
        />
        <PasswordField
          name="new_password"
          placeholder={t('password.new')}
          value={next}
          onChange={setNext}
          autoComplete="new-password"
        />
        <PasswordField
          name="re_password"
          placeholder={t('password.confirm')}
          value={repeat}
          onChange={setRepeat}
          autoComplete="new-password"
        />
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          disabled={changePassword.isPending}
        >
          {t('password.submit')}
        </Button>
      </form>
    </div>
  );
}
