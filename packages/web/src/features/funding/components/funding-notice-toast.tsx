import type { FundingPush } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { fundingHeadline, fundingNoteLabel } from '../../../lib/funding-notices.ts';
import { toast } from '../../../lib/toast.ts';
import '../funding-notice-toast.css';

/** Long enough to read a sentence with figures and a reason (a plain message toast is 2 s). */
const NOTICE_TOAST_MS = 5_000;

/** "Withdrawal of 100.00 USD paid", and under it the reason of a refusal or the reference. */
export function FundingNoticeToast({ t, push }: { t: TFunction; push: FundingPush }) {
  const label = fundingNoteLabel(push);
  return (
    <span data-testid="funding-notice-toast" data-key={push.key}>
      {fundingHeadline(t, push)}
      {label ? (
        <span style={{ display: 'block', marginTop: 4, opacity: 0.85 }}>
          {t(label)}: <bdi>{push.note}</bdi>
        </span>
      ) : null}
    </span>
  );
}

/** Tells the trader, wherever they are in the app, what the desk decided. */
export function showFundingToast(t: TFunction, push: FundingPush): void {
  toast.show({
    content: <FundingNoticeToast t={t} push={push} />,
    duration: NOTICE_TOAST_MS,
    position: 'top',
    maskClassName: 'funding-notice-toast-mask',
  });
}
