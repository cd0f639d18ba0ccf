import type { MarginCallPush } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { marginCallToastLines } from '../../../lib/margin-call.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * The falling colour lightened for the toast's dark ground, as the close notices' toast has it.
 * Inline: the toast may come on any page, before any stylesheet of the orders has loaded.
 */
const PNL_DOWN = '#ff9a9d';

/** As long as a close notice's: a sentence with figures in it. */
const MARGIN_CALL_TOAST_MS = 6_000;

/**
 * Tells the trader, wherever they are in the app, that the account fell into margin call:
 * "Margin call / Margin level 85.20% is below … / Stop-out if EURUSD reaches 1.07012", the
 * state in bold over what it means.
 */
export function showMarginCallToast(t: TFunction, push: MarginCallPush): void {
  const [state, ...lines] = marginCallToastLines(t, push);
  toast.show({
    content: (
      <span data-testid="margin-call-toast">
        <strong style={{ display: 'block', color: PNL_DOWN }}>{state}</strong>
        {lines.map((line) => (
          <span key={line} style={{ display: 'block' }}>
            {line}
          </span>
        ))}
      </span>
    ),
    duration: MARGIN_CALL_TOAST_MS,
    position: 'top',
  });
}
