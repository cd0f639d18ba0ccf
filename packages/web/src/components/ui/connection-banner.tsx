import { useTranslation } from 'react-i18next';
import { formatLocalTimeOfDay } from '../../lib/local-time.ts';
import { type StatusSource, useConnectionStatus } from '../../lib/use-connection-status.ts';
import { socketClient } from '../../lib/ws-client.ts';
import './connection-banner.css';

/**
 * A slim bar over the page while live data cannot arrive: the prices and P&L stay on screen,
 * frozen, and the bar says so and since when ("12:03:15 GMT+8", labelled as every other time
 * is). It says "Back online" for a moment after.
 */
export function ConnectionBanner({ socket = socketClient }: { socket?: StatusSource }) {
  const { t } = useTranslation();
  const { phase, since } = useConnectionStatus(socket);
  if (!phase) return null;
  return (
    <output
      className={`connection-banner ${phase}`}
      data-testid="connection-banner"
      data-phase={phase}
    >
      <span>{t(`connection.${phase}`)}</span>
      {since !== null && phase !== 'back' ? (
        <span className="connection-banner-age" data-testid="connection-age">
          {t('connection.prices_as_of', { time: formatLocalTimeOfDay(since) })}
        </span>
      ) : null}
    </output>
  );
}
