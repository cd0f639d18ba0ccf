import type { AlertPush } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { toast } from '../../../lib/toast.ts';
import { alertFiredText } from '../lib/alerts.ts';

/** As long as a close notice's: a sentence with figures in it. */
const ALERT_TOAST_MS = 6_000;

/**
 * Tells the trader, wherever they are in the app, that one of their price alerts fired:
 * "EURUSD Bid above 1.08600 — now 1.08620", with the note they kept under it.
 */
export function showAlertToast(t: TFunction, push: AlertPush): void {
  toast.show({
    content: (
      <span data-testid="alert-toast">
        <strong style={{ display: 'block' }}>{alertFiredText(t, push)}</strong>
        {push.alert.note ? <span style={{ display: 'block' }}>{push.alert.note}</span> : null}
      </span>
    ),
    duration: ALERT_TOAST_MS,
    position: 'top',
  });
}
