import { Button, List, Toast } from 'antd-mobile';
import {
  DownlandOutline,
  FileOutline,
  GlobalOutline,
  LockOutline,
  MailOutline,
  SetOutline,
  SoundOutline,
  TeamOutline,
  UploadOutline,
  UserAddOutline,
  UserCircleOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UsdCircleOutline } from '../../../components/ui/usd-circle-outline.tsx';
import { useBasicInfo } from '../../../lib/basic-info.ts';
import { useCopyText } from '../../../lib/copy-text.ts';
import { inviteLink } from '../../../lib/invite-link.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useUserInfo } from '../api/user-api.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { LogoutButton } from '../components/logout-button.tsx';
import { RealAccountBadge } from '../components/real-account-badge.tsx';
import { ServiceEntry } from '../components/service-entry.tsx';
import '../user-page.css';

/** An address that may wrap after its "@" (and anywhere, if a part is still too long). */
function WrappableEmail({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

/**
 * `provider`: company mode's provider row; `bell`: the notices of positions the market closed.
 * Both composed in by the app layer (app/user-route.tsx).
 */
export function UserPage({ provider, bell }: { provider?: ReactNode; bell?: ReactNode } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const { data: info } = useBasicInfo();
  const copyText = useCopyText();
  if (!user) return null;
  const isDemo = user.is_demo === 1;
  // A demo account has no e-mail or mobile: its name line says "Demo account", once.
  const contact = isDemo
    ? t('user.mock_account')
    : (user.email ?? (user.mobile ? `${user.mobile}` : ''));

  /**
   * Charge, withdraw, wallet, identity, invitations, password and the copy-trading consent
   * are for real accounts (SPEC.md §5, issue 36): a demo user is told so and stays here.
   * (The routes refuse them too, for a typed address.)
   */
  const openRealOnly = (path: string) => {
    if (isDemo) Toast.show({ content: t('user.only_true_account') });
    else navigate(path);
  };

  const copy = () => copyText(inviteLink(window.location.origin, user.invite_code));

  return (
    <div className="page user-page">
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
      <BalanceCard isDemo={isDemo} />
      <div className="user-funding">
        <Button
          color="primary"
          onClick={() => openRealOnly(PATHS.charge)}
          data-testid="menu-charge"
        >
          <span className="button-with-icon">
            <DownlandOutline /> {t('user.charge')}
          </span>
        </Button>
        <Button
          color="primary"
          fill="outline"
          onClick={() => openRealOnly(PATHS.withdraw)}
          data-testid="menu-withdraw"
        >
          <span className="button-with-icon">
            <UploadOutline /> {t('user.withdraw')}
          </span>
        </Button>
      </div>
      <List className="user-facts">
        <List.Item extra={user.credit_score}>{t('user.credit_score')}</List.Item>
        {!isDemo ? (
          <List.Item
            extra={user.invite_code}
            onClick={() => void copy()}
            description={t('user.copy_link')}
            data-testid="fact-invite-code"
          >
            {t('user.invite_code')}
          </List.Item>
        ) : null}
        <List.Item
          extra={
            <span dir="ltr">
              <WrappableEmail address={info?.complaint_email || '—'} />
            </span>
          }
          onClick={() => navigate(PATHS.email)}
          data-testid="fact-complaint-email"
        >
          {t('user.complaint_email')}
        </List.Item>
      </List>
      <List className="user-menu">
        <List.Item
          prefix={<UsdCircleOutline />}
          onClick={() => openRealOnly(PATHS.wallet)}
          data-testid="menu-wallet"
        >
          {t('user.wallet')}
        </List.Item>
        <List.Item prefix={<FileOutline />} onClick={() => navigate(PATHS.history)}>
          {t('user.history')}
        </List.Item>
        <List.Item
          prefix={<UserContactOutline />}
          onClick={() => openRealOnly(PATHS.identity)}
          data-testid="menu-identity"
        >
          {t('user.identity')}
        </List.Item>
        <List.Item
          prefix={<UserAddOutline />}
          onClick={() => openRealOnly(PATHS.invite)}
          data-testid="menu-invite"
        >
          {t('user.invite')}
        </List.Item>
        <List.Item
          prefix={<TeamOutline />}
          onClick={() => openRealOnly(PATHS.copyConsent)}
          data-testid="menu-copy-consent"
        >
          {t('consent.title')}
        </List.Item>
        <List.Item
          prefix={<LockOutline />}
          onClick={() => openRealOnly(PATHS.password)}
          data-testid="menu-password"
        >
          {t('user.password')}
        </List.Item>
        <ServiceEntry />
        <List.Item
          prefix={<MailOutline />}
          onClick={() => navigate(PATHS.email)}
          data-testid="menu-email"
        >
          {t('user.email')}
        </List.Item>
        <List.Item
          prefix={<SoundOutline />}
          onClick={() => navigate(PATHS.announcement)}
          data-testid="menu-announcement"
        >
          {t('user.announcement')}
        </List.Item>
        <List.Item
          prefix={<GlobalOutline />}
          onClick={() => navigate(PATHS.language)}
          data-testid="menu-language"
        >
          {t('user.language')}
        </List.Item>
        <List.Item
          prefix={<SetOutline />}
          onClick={() => navigate(PATHS.system)}
          data-testid="menu-system"
        >
          {t('user.system')}
        </List.Item>
      </List>
      {provider}
      <div className="user-logout">
        <LogoutButton />
      </div>
    </div>
  );
}
