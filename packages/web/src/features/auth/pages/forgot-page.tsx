import { CODE_PURPOSES } from '@tradedesk/contract';
import { Button, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { useResetPassword } from '../api/auth-api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ContactFields } from '../components/contact-fields.tsx';
import { VerificationField } from '../components/verification-field.tsx';
import { useContactForm } from '../hooks/use-contact-form.ts';

export function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { contact, setContact, account, areaId, codeAddress, send, showMobile } = useContactForm(
    CODE_PURPOSES.reset,
  );
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [secondary, setSecondary] = useState('');
  const resetPassword = useResetPassword();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account || !code.trim() || !password || !secondary) {
      Toast.show({ content: t('public.input_full') });
      return;
    }
    if (password !== secondary) {
      Toast.show({ content: t('public.password_not_equal') });
      return;
    }
    try {
      await resetPassword.mutateAsync({
        type: contact.type,
        account,
        area_id: areaId,
        new_password: password,
        secondary_password: secondary,
        auth_code: code.trim(),
      });
      navigate('/login', { replace: true });
    } catch {
      // Toasted by the client.
    }
  };

  return (
    <AuthLayout title={t('forgot.title')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <ContactFields value={contact} onChange={setContact} showMobile={showMobile} />
        <VerificationField
          code={code}
          onCode={setCode}
          sender={{ address: codeAddress, send }}
          captcha={false}
        />
        <PasswordField
          name="new_password"
          placeholder={t('forgot.new_password')}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <PasswordField
          name="secondary_password"
          placeholder={t('forgot.confirm_password')}
          value={secondary}
          onChange={setSecondary}
          autoComplete="new-password"
        />
        <Button block type="submit" color="primary" size="large" disabled={resetPassword.isPending}>
          {t('forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
