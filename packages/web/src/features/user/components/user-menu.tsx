import { List } from 'antd-mobile';
import {
  BellOutline,
  FileOutline,
  GlobalOutline,
  LockOutline,
  MailOutline,
  MessageOutline,
  SetOutline,
  SoundOutline,
  TeamOutline,
  UserAddOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UsdCircleOutline } from '../../../components/ui/usd-circle-outline.tsx';
import { PATHS } from '../../../lib/route-paths.ts';
import { ServiceEntry } from './service-entry.tsx';

/** The trader's price alerts (issue 41), demo accounts' too. */
function AlertsEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <List.Item
      prefix={<BellOutline />}
      onClick={() => navigate(PATHS.alerts)}
      data-testid="menu-alerts"
    >
      {t('alerts.mine')}
    </List.Item>
  );
}

/** Push on this device, channels and quiet hours (issue 41), demo accounts' too. */
function NotificationsEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <List.Item
      prefix={<MessageOutline />}
      onClick={() => navigate(PATHS.notifications)}
      data-testid="menu-notifications"
    >
      {t('notifications.title')}
    </List.Item>
  );
}

/** The user page's menu: the account's pages first, then help, news and the app's settings. */
export function UserMenu({ openRealOnly }: { openRealOnly: (path: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
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
      <AlertsEntry />
      <NotificationsEntry />
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
  );
}
