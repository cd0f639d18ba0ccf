import type { NoticeChoices, NotificationSettings } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useSaveNotificationSettings } from '../api/notification-settings-api.ts';
import { NoticeKindsTable } from './notice-kinds-table.tsx';
import { type QuietHours, QuietHoursSection } from './quiet-hours-section.tsx';

/** What a trader who never had quiet hours is offered when turning them on: the night. */
const NIGHT = { from: '22:00', to: '07:00' };

/** The phone's IANA zone, which the server keeps with the quiet hours. */
export function detectedTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const quietOf = (settings: NotificationSettings): QuietHours =>
  settings.quiet_from && settings.quiet_to
    ? { on: true, from: settings.quiet_from, to: settings.quiet_to }
    : { on: false, ...NIGHT };

/**
 * The kinds' channels and the quiet hours, kept together with Save (never on each tap), in
 * the zone this phone is in.
 */
export function NoticeChoicesForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const save = useSaveNotificationSettings();
  const [kinds, setKinds] = useState<NoticeChoices>(settings.kinds);
  const [quiet, setQuiet] = useState<QuietHours>(() => quietOf(settings));
  const timeZone = detectedTimeZone();

  function submit() {
    if (save.isPending) return;
    if (quiet.on && (!quiet.from || !quiet.to)) {
      toast.show({ content: t('public.input_full') });
      return;
    }
    save.mutate({
      kinds,
      quiet_from: quiet.on ? quiet.from : null,
      quiet_to: quiet.on ? quiet.to : null,
      time_zone: timeZone,
    });
  }

  return (
    <>
      <NoticeKindsTable
        kinds={kinds}
        onChange={(kind, channel, on) =>
          setKinds((all) => ({ ...all, [kind]: { ...all[kind], [channel]: on } }))
        }
      />
      <QuietHoursSection quiet={quiet} timeZone={timeZone} onChange={setQuiet} />
      <div className="notif-save">
        <Button block color="primary" onClick={submit} data-testid="notif-save">
          {t('notifications.save')}
        </Button>
      </div>
    </>
  );
}
