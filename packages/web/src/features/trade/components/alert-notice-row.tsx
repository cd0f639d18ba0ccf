import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import type { AlertNotice } from '../lib/alert-notices.ts';
import '../close-notices.css';

/**
 * A price alert that fired, in the notice list: "EURUSD Bid Above 1.08600 — at 1.08620" (the
 * price that crossed, when a push said it), its note, when. Figures stay left to right in
 * an Arabic line.
 */
export function AlertNoticeRow({ notice }: { notice: AlertNotice }) {
  const { t } = useTranslation();
  const { alert, crossed } = notice;
  const digits = alert.price_precision;
  return (
    <li className="close-notice alert-notice" data-testid="alert-notice" data-key={notice.key}>
      <strong className="close-notice-reason">{t('notices.alert_fired')}</strong>
      <div className="close-notice-trade">
        <span dir="ltr">{alert.code}</span> {t(`alerts.${alert.side}`)}{' '}
        {t(`alerts.${alert.condition}`)} <bdi dir="ltr">{formatPrice(alert.price, digits)}</bdi>
        {crossed === null ? null : (
          <>
            {' — '}
            {t('notices.alert_at')}{' '}
            <bdi dir="ltr" data-testid="alert-notice-crossed">
              {formatPrice(crossed, digits)}
            </bdi>
          </>
        )}
      </div>
      {alert.note ? (
        <div className="close-notice-trade">
          <bdi>{alert.note}</bdi>
        </div>
      ) : null}
      <div className="close-notice-facts">
        <time dateTime={new Date(notice.at).toISOString()} data-testid="alert-notice-time">
          <bdi>{formatLocalDateTime(notice.at)}</bdi>
        </time>
      </div>
    </li>
  );
}
