import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PATHS } from '../../../lib/route-paths.ts';
import { useAlerts } from '../api/use-alerts.ts';
import { AlertList } from '../components/alert-list.tsx';
import '../alerts.css';

/**
 * /mine/alerts (issue 41): every price alert of the account, newest first, where each stands
 * and how often it fired; one is set from the trade page's bell.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const { data } = useAlerts();
  return (
    <div className="alerts-page" data-testid="alerts-page">
      <PageHeader title={t('alerts.mine')} fallback={PATHS.user} />
      {/* Whether a fired alert is toasted, pushed or e-mailed is chosen there. */}
      <Link className="alerts-settings-link" to={PATHS.notifications} data-testid="alerts-settings">
        {t('notifications.title')}
      </Link>
      {data ? (
        <>
          <p className="alert-empty">{t('alerts.count', { n: data.data.length, max: data.max })}</p>
          <AlertList alerts={data.data} />
        </>
      ) : null}
    </div>
  );
}
