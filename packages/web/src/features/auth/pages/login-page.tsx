import { useQueryClient } from '@tanstack/react-query';
import { RESULT_CODES } from '@tradedesk/contract';
import { Button, Input, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { afterLoginPath } from '../../../lib/route-paths.ts';
import { useLogin, useStartDemo } from '../api/auth-api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { VerificationField } from '../components/verification-field.tsx';

/** What a page sending the visitor here may pass: the account to fill in (just registered). */
export interface LoginPageState {
  account?: string;
}

/** Only in-app paths are followed after login, never another origin. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const arrived = useLocation().state as LoginPageState | null;
  const [account, setAccount] = useState(arrived?.account ?? '');
  const [password, setPassword] = useState('');
  // Shown once the server asks for it (repeated failures on the account), kept from then on.
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaKey, setCaptchaKey] = useState<string>();
  const [captchaCode, setCaptchaCode] = useState('');
  const queryClient = useQueryClient();
  const login = useLogin();
  const demo = useStartDemo();
  // Either request under way holds both buttons.
  const busy = login.isPending || demo.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account.trim()) {
      Toast.show({ content: t('login.enter_account') });
      return;
    }
    if (!password) {
      Toast.show({ content: t('login.enter_password') });
      return;
    }
    if (captchaNeeded && !captchaCode.trim()) {
      Toast.show({ content: t('register.captcha_placeholder') });
      return;
    }
    const captcha =
      captchaNeeded && captchaKey ? { key: captchaKey, code: captchaCode } : undefined;
    try {
      await login.mutateAsync({ account, password, captcha });
      navigate(afterLoginPath(search.get('from')), { replace: true });
    } catch (error) {
      // The client has toasted the server's reason. A captcha answers one attempt only.
      if (error instanceof ApiError && error.code === RESULT_CODES.CAPTCHA_REQUIRED.code)
        setCaptchaNeeded(true);
      if (captchaNeeded || captcha) {
        setCaptchaCode('');
        await queryClient.invalidateQueries({ queryKey: ['captcha'] });
      }
    }
  };

  const tryDemo = async () => {
    try {
      await demo.mutateAsync();
      navigate('/', { replace: true });
    } catch {
      // Toasted by the client.
    }
  };

  return (
    <AuthLayout title={t('login.welcome')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <div className="field">
          <Input
            name="account"
            placeholder={t('login.account_placeholder')}
            value={account}
            onChange={setAccount}
            autoComplete="username"
            clearable
          />
        </div>
        <PasswordField
          value={password}
          onChange={setPassword}
          placeholder={t('login.password_placeholder')}
        />
        {captchaNeeded ? (
          <VerificationField
            code={captchaCode}
            onCode={setCaptchaCode}
            captcha
            onCaptchaKey={setCaptchaKey}
          />
        ) : null}
        <div className="auth-links-row">
          <Link to="/forgot">{t('login.forgot')}</Link>
        </div>
        <Button block type="submit" color="primary" size="large" disabled={busy}>
          {t('login.submit')}
        </Button>
      </form>
      <div className="demo-box">
        <Button
          block
          fill="outline"
          color="primary"
          size="large"
          onClick={tryDemo}
          disabled={busy}
          data-testid="try-demo"
        >
          {t('login.try_demo')}
        </Button>
        <p>{t('login.demo_hint')}</p>
      </div>
      <p className="auth-switch">
        {t('login.no_account')} <Link to="/register">{t('login.register')}</Link>
      </p>
    </AuthLayout>
  );
}
