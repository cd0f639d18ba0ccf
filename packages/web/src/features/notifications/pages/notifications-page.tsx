import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PATHS } from '../../../lib/route-paths.ts';
import { useNotificationSettings } from '../api/notification-settings-api.ts';
import { NoticeChoicesForm } from '../components/notice-choices-form.tsx';
import { PushDeviceSection } from '../components/push-device-section.tsx';
import '../notifications.css';

/**
 * /mine/notifications (issue 41): push on this device, what the trader is told by which
 * channel, and quiet hours for price alerts. Any logged-in trader, demo included.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { data: settings, isPending, isError } = useNotificationSettings();
  return (
    <div className="page notif-page" data-testid="notifications-page">
      <PageHeader title={t('notifications.title')} fallback={PATHS.user} />
      {isPending ? (
        <div className="notif-section">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : isError ? (
        <ErrorBlock status="default" title={t('notifications.error')} description="" />
      ) : (
        <>
          <PushDeviceSection devices={settings.push_devices} />
          <NoticeChoicesForm settings={settings} />
        </>
      )}
    </div>
  );
}
