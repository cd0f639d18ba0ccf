import type { User } from '@tradedesk/contract';
import { UserCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RealAccountBadge } from './real-account-badge.tsx';

/** The head of the user page: who is signed in, their UID, whether the account is real. */
export function AccountCard({
  user,
  isDemo,
  bell,
}: {
  user: User;
  isDemo: boolean;
  bell?: ReactNode;
}) {
  const { t } = useTranslation();
  // A demo account has no e-mail or mobile: its name line says "Demo account", once.
  const contact = isDemo
    ? t('user.mock_account')
    : (user.email ?? (user.mobile ? `${user.mobile}` : ''));
  return (
    <section className="account-card" data-testid="account-card">
      <UserCircleOutline fontSize={48} className="account-avatar" />
      <div className="account-lines">
        <div className="account-name" data-testid="account-name">
          {contact}
        </div>
        <div className="account-meta">
          <span>
            {t('user.uid')} {user.uid}
          </span>
          {isDemo ? null : <RealAccountBadge>{t('user.real_account')}</RealAccountBadge>}
        </div>
      </div>
      {bell ? <div className="account-card-bell">{bell}</div> : null}
    </section>
  );
}
