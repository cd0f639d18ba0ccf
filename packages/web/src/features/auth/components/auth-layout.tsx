import { GlobalOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';

/** Frame of the login, register and reset pages: title bar with the language shortcut. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <PageHeader
        title=""
        right={
          <Link to="/language" aria-label={t('home.language')} className="icon-link">
            <GlobalOutline fontSize={22} />
          </Link>
        }
      />
      <div className="auth-body">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <span>{t('app.name')}</span>
        </div>
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </div>
  );
}
