import { LANGUAGE_NAMES, normalizeLanguage } from '@tradedesk/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LogoutButton } from '../components/logout-button.tsx';

const VERSION = '0.1.0';

export function SystemPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <PageHeader title={t('system.title')} fallback="/user" />
      <List>
        <List.Item extra={VERSION}>{t('system.version')}</List.Item>
        <List.Item
          extra={LANGUAGE_NAMES[normalizeLanguage(i18n.language)]}
          onClick={() => navigate('/language')}
        >
          {t('system.language')}
        </List.Item>
        <List.Item onClick={() => window.open('/docs', '_blank', 'noopener')}>
          {t('system.docs')}
        </List.Item>
      </List>
      <div className="user-logout">
        <LogoutButton />
      </div>
    </div>
  );
}
