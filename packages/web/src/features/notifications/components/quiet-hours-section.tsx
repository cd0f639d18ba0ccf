import { Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export interface QuietHours {
  on: boolean;
  from: string;
  to: string;
}

/**
 * Quiet hours, in the phone's time zone (shown, since the server keeps it with them): they
 * hold price alerts only; what concerns money at risk always comes.
 */
export function QuietHoursSection({
  quiet,
  timeZone,
  onChange,
}: {
  quiet: QuietHours;
  timeZone: string;
  onChange: (quiet: QuietHours) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="notif-section" data-testid="quiet-hours">
      <div className="notif-row">
        <h2 id="quiet-hours-label">{t('notifications.quiet_title')}</h2>
        <Switch
          aria-labelledby="quiet-hours-label"
          checked={quiet.on}
          onChange={(on) => onChange({ ...quiet, on })}
          data-testid="quiet-switch"
        />
      </div>
      <div className="notif-times">
        <label>
          {t('notifications.quiet_from')}
          <input
            type="time"
            value={quiet.from}
            disabled={!quiet.on}
            onChange={(e) => onChange({ ...quiet, from: e.target.value })}
            data-testid="quiet-from"
          />
        </label>
        <label>
          {t('notifications.quiet_to')}
          <input
            type="time"
            value={quiet.to}
            disabled={!quiet.on}
            onChange={(e) => onChange({ ...quiet, to: e.target.value })}
            data-testid="quiet-to"
          />
        </label>
      </div>
      <p className="notif-note" data-testid="quiet-zone">
        {t('notifications.time_zone')} <bdi dir="ltr">{timeZone}</bdi>
      </p>
      <p className="notif-note">{t('notifications.quiet_note')}</p>
    </section>
  );
}
