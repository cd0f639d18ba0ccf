import { Button, Input, Toast } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { logIn, startDemo } from '../api/auth-api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

/** Only in-app paths are followed after login, never another origin. */
function safeFrom(from: string | null): string {
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);

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
    setBusy(true);
    try {
      await logIn(account, password);
      navigate(safeFrom(search.get('from')), { replace: true });
    } catch {
      // The client has toasted the server's reason.
    } finally {
      setBusy(false);
    }
  };

  const demo = async () => {
    setBusy(true);
    try {
      await startDemo();
      navigate('/', { replace: true });
    } catch {
      // Toasted by the client.
    } finally {
      setBusy(false);
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
        <div className="field">
          <Input
            name="password"
            type={visible ? 'text' : 'password'}
            placeholder={t('login.password_placeholder')}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
          />
          <button
            type="button"
            className="field-icon"
            onClick={() => setVisible(!visible)}
            aria-label="toggle password"
          >
            {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
          </button>
        </div>
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
          onClick={demo}
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
