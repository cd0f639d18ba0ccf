import type { TFunction } from 'i18next';
import { trendOf } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { type CloseNotice, formatNoticePnl, noticeHeadline } from '../lib/close-notices.ts';

/** Long enough to read a sentence with figures in it (a plain message toast is 2 s). */
const NOTICE_TOAST_MS = 5_000;

/** "Take profit closed EURUSD Buy 0.10 at 1.08500 · +92.00 USD", the P&L in its trend colour. */
export function CloseNoticeToast({ headline, notice }: { headline: string; notice: CloseNotice }) {
  return (
    <span className="close-notice-toast" data-testid="close-notice-toast" data-id={notice.id}>
      {headline} ·{' '}
      <bdi className={`close-notice-pnl ${trendOf(notice.pnl)}`} dir="ltr">
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
