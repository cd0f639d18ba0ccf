import { useQueryClient } from '@tanstack/react-query';
import { CODE_PURPOSES, VERIFY_REG_TYPE } from '@tradedesk/contract';
import { Button, Input, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { afterLoginPath, PATHS } from '../../../lib/route-paths.ts';
import { useLogin, useRegister } from '../api/auth-api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ContactFields } from '../components/contact-fields.tsx';
import { VerificationField } from '../components/verification-field.tsx';
import { useContactForm } from '../hooks/use-contact-form.ts';
import { forgetInviteCode, useInviteCode } from '../hooks/use-invite-code.ts';
import type { LoginPageState } from './login-page.tsx';

/**
 * Opens an account, then logs in to it with what was typed and goes where logging in leads
 * (`from`, or home): nobody registers to be asked for the same e-mail and password again.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const { contact, setContact, account, areaId, codeAddress, send, info, showMobile } =
    useContactForm(CODE_PURPOSES.register);
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [code, setCode] = useState('');
  const [captchaKey, setCaptchaKey] = useState<string>();
  const [inviteCode, setInviteCode] = useInviteCode();
  const register = useRegister();
  const login = useLogin();
  const captcha = info?.verify_reg_type === VERIFY_REG_TYPE.captcha;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account || !password || !rePassword || !code.trim()) {
      Toast.show({ content: t('public.input_full') });
      return;
    }
    if (password !== rePassword) {
      Toast.show({ content: t('public.password_not_equal') });
      return;
    }
    try {
      await register.mutateAsync({
        type: contact.type,
        area_id: areaId,
        account,
        mobile: contact.type === 'mobile' ? account : undefined,
        password,
        re_password: rePassword,
        invite_code: inviteCode.trim() || undefined,
        sms_code: code.trim(),
        key: captcha ? captchaKey : undefined,
      });
      forgetInviteCode();
    } catch {
      // A captcha is single-use: show a new one after any refusal.
      if (captcha) {
        setCode('');
        await queryClient.invalidateQueries({ queryKey: ['captcha'] });
      }
      return;
    }
    try {
      await login.mutateAsync({ account, password, areaId });
      navigate(afterLoginPath(search.get('from')), { replace: true });
    } catch {
      // The account exists; the refusal (a login limit) is toasted. The login form opens
      // with the account filled in.
      const state: LoginPageState = { account };
      navigate(PATHS.login, { replace: true, state });
    }
  };

  return (
    <AuthLayout title={t('register.title')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <ContactFields value={contact} onChange={setContact} showMobile={showMobile} />
        <PasswordField
          name="password"
          placeholder={t('register.password_placeholder')}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <PasswordField
          name="re_password"
          placeholder={t('register.re_password_placeholder')}
          value={rePassword}
          onChange={setRePassword}
          autoComplete="new-password"
        />
        <VerificationField
          code={code}
          onCode={setCode}
          sender={{ address: codeAddress, send }}
          captcha={captcha}
          onCaptchaKey={setCaptchaKey}
        />
        <div className="field">
          <Input
            name="invite_code"
            placeholder={t('register.invite_placeholder')}
            value={inviteCode}
            onChange={setInviteCode}
            autoComplete="off"
          />
        </div>
        <p className="auth-notice">{t('register.notice')}</p>
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          disabled={register.isPending || login.isPending}
        >
          {t('register.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        {t('register.have_account')} <Link to="/login">{t('login.submit')}</Link>
      </p>
    </AuthLayout>
  );
}
