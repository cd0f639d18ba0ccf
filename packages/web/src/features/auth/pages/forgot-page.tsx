import { CODE_PURPOSES, normalizeLanguage } from '@tradedesk/contract';
import { Button, Input, Toast } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { resetPassword, sendCode, useAreaList } from '../api/auth-api.ts';
import { defaultAreaId } from '../components/area-select.tsx';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ContactFields, type ContactValue } from '../components/contact-fields.tsx';
import { VerificationField } from '../components/verification-field.tsx';

export function ForgotPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: info } = useBasicInfo();
  const { data: areas } = useAreaList();
  const [contact, setContact] = useState<ContactValue>({
    type: 'email',
    email: '',
    mobile: '',
    areaId: undefined,
  });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [secondary, setSecondary] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (areas && contact.areaId === undefined) {
      setContact((c) => ({ ...c, areaId: defaultAreaId(areas, normalizeLanguage(i18n.language)) }));
    }
  }, [areas, contact.areaId, i18n.language]);

  const account = contact.type === 'email' ? contact.email.trim() : contact.mobile.trim();

  const send = () => {
    if (!account) {
      Toast.show({ content: t('public.input_full') });
      return Promise.resolve(false);
    }
    return sendCode({
      type: contact.type,
      to: account,
      areaId: contact.areaId,
      purpose: CODE_PURPOSES.reset,
    });
  };

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
    setBusy(true);
    try {
      await resetPassword({
        type: contact.type,
        account,
        area_id: contact.type === 'mobile' ? contact.areaId : undefined,
        new_password: password,
        secondary_password: secondary,
        auth_code: code.trim(),
      });
      navigate('/login', { replace: true });
    } catch {
      // Toasted by the client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('forgot.title')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <ContactFields
          value={contact}
          onChange={setContact}
          showMobile={info?.is_show_mobile ?? 1}
        />
        <VerificationField code={code} onCode={setCode} onSend={send} captcha={false} />
        <div className="field">
          <Input
            name="new_password"
            type="password"
            placeholder={t('forgot.new_password')}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
          />
        </div>
        <div className="field">
          <Input
            name="secondary_password"
            type="password"
            placeholder={t('forgot.confirm_password')}
            value={secondary}
            onChange={setSecondary}
            autoComplete="new-password"
          />
        </div>
        <Button block type="submit" color="primary" size="large" disabled={busy}>
          {t('forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
