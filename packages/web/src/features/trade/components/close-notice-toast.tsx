import type { TFunction } from 'i18next';
import { trendOf } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import {
  type CloseNotice,
  formatNoticePnl,
  isExpiry,
  noticeHeadline,
} from '../lib/close-notices.ts';

/** Long enough to read a sentence with figures in it (a plain message toast is 2 s). */
const NOTICE_TOAST_MS = 5_000;

/**
 * The trend colours lightened for the toast's dark ground (as on the orders summary). Inline:
 * the toast may come on any page, before the stylesheet of the notices has loaded.
 */
const PNL_COLOURS = { up: '#7fb2ff', down: '#ff9a9d', flat: 'inherit' } as const;

/**
 * "Take profit closed EURUSD Buy 0.10 at 1.08500 · +92.00 USD", the P&L in its trend colour;
 * an expired pending order's has no P&L.
 */
export function CloseNoticeToast({ headline, notice }: { headline: string; notice: CloseNotice }) {
  if (isExpiry(notice))
    return (
      <span data-testid="close-notice-toast" data-id={notice.id}>
        {headline}
      </span>
    );
  return (
    <span data-testid="close-notice-toast" data-id={notice.id}>
      {headline} ·{' '}
      <bdi
        dir="ltr"
        data-trend={trendOf(notice.pnl)}
        style={{ color: PNL_COLOURS[trendOf(notice.pnl)], fontWeight: 600 }}
      >
        {formatNoticePnl(notice.pnl)}
      </bdi>
    </span>
  );
}

/** Tells the trader, wherever they are in the app, that the market closed a position. */
export function showCloseToast(t: TFunction, notice: CloseNotice): void {
  toast.show({
    content: <CloseNoticeToast headline={noticeHeadline(t, notice)} notice={notice} />,
    duration: NOTICE_TOAST_MS,
    position: 'top',
  });
}
