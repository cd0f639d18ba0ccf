import { Button, NoticeBar } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { selectIsLoggedIn, useSessionStore } from '../../../stores/session-store.ts';

/** Home: the brand bar with the language shortcut, the greeting and the announcement. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const user = useSessionStore((s) => s.user);
  const name = user?.is_demo === 1 ? t('user.mock_account') : (user?.email ?? user?.mobile ?? '');

  return (
    <div className="home-page">
      <header className="home-header">
        <div className="home-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('app.name')}</span>
        </div>
        <Link to="/language" aria-label={t('home.language')} className="icon-link light">
          <GlobalOutline fontSize={22} />
        </Link>
      </header>
      <NoticeBar content={t('home.announcement')} color="info" wrap className="home-notice" />
      <section className="home-hero">
        <h1 data-testid="home-greeting">
          {loggedIn ? t('home.greeting_user', { name }) : t('home.greeting_visitor')}
        </h1>
        <p>{t('home.pitch')}</p>
        {loggedIn ? null : (
          <div className="home-actions">
            <Button color="primary" size="large" onClick={() => navigate('/login')}>
              {t('home.login')}
            </Button>
            <Button
              fill="outline"
              size="large"
              className="hero-secondary"
              onClick={() => navigate('/register')}
            >
              {t('home.register')}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
