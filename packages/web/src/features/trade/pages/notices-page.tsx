import type { FundingPush } from '@tradedesk/contract';
import { InfiniteScroll } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatPrice, trendOf } from '../../../lib/format.ts';
import { fundingHeadline, fundingNoteLabel, isRefusal } from '../../../lib/funding-notices.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { AlertNoticeRow } from '../components/alert-notice-row.tsx';
import { useCloseNotices } from '../hooks/use-close-notices.ts';
import type { AlertNotice } from '../lib/alert-notices.ts';
import { type CloseNotice, formatLots, formatNoticePnl, isExpiry } from '../lib/close-notices.ts';
import '../close-notices.css';

/** The price a notice names: where it closed, or an expired order's own price (when known). */
function NoticePrice({ notice }: { notice: CloseNotice }) {
  const { t } = useTranslation();
  if (notice.closePrice === 0) return <span />;
  return (
    <span>
      {t(isExpiry(notice) ? 'order.target' : 'order.close_price')}{' '}
      <bdi data-testid="close-notice-price">{formatPrice(notice.closePrice, notice.precision)}</bdi>
    </span>
  );
}

function NoticeRow({ notice }: { notice: CloseNotice }) {
  const { t } = useTranslation();
  const buy = notice.side === 1;
  return (
    <li className="close-notice" data-testid="close-notice" data-id={notice.id}>
      <div className="close-notice-head">
        <strong className={`close-notice-reason reason-${notice.reason}`}>
          {t(`order.reason_${notice.reason}`)}
        </strong>
        {isExpiry(notice) ? null : (
          <span
            className={`close-notice-pnl ${trendOf(notice.pnl)}`}
            dir="ltr"
            data-testid="close-notice-pnl"
          >
            {formatNoticePnl(notice.pnl)}
          </span>
        )}
      </div>
      <div className="close-notice-trade">
        <span dir="ltr">{notice.code}</span>{' '}
        <span className={buy ? 'side-buy' : 'side-sell'}>
          {t(buy ? 'trade.buy' : 'trade.sell')}
        </span>{' '}
        <bdi>{formatLots(notice.lots)}</bdi> {t('notices.lots')}
      </div>
      <div className="close-notice-facts">
        <NoticePrice notice={notice} />
        <time dateTime={new Date(notice.closedAt).toISOString()} data-testid="close-notice-time">
          <bdi>{formatLocalDateTime(notice.closedAt)}</bdi>
        </time>
      </div>
    </li>
  );
}

/** A decision of the desk on a deposit or withdrawal: what, why (or the reference), when. */
function FundingNoticeRow({ push }: { push: FundingPush }) {
  const { t } = useTranslation();
  const label = fundingNoteLabel(push);
  return (
    <li
      className={`close-notice funding-notice${isRefusal(push) ? ' refusal' : ''}`}
      data-testid="funding-notice"
      data-key={push.key}
    >
      <strong className="funding-notice-headline">{fundingHeadline(t, push)}</strong>
      {label ? (
        <div className="close-notice-trade" data-testid="funding-notice-note">
          {t(label)}: <bdi>{push.note}</bdi>
        </div>
      ) : null}
      <div className="close-notice-facts">
        <time dateTime={new Date(push.at).toISOString()}>
          <bdi>{formatLocalDateTime(push.at)}</bdi>
        </time>
      </div>
    </li>
  );
}

type Entry =
  | { at: number; close: CloseNotice }
  | { at: number; funding: FundingPush }
  | { at: number; alert: AlertNotice };

/** Closes, decisions and fired alerts in one list, newest first. */
function entriesOf(
  closes: readonly CloseNotice[],
  funding: readonly FundingPush[],
  alerts: readonly AlertNotice[],
): Entry[] {
  return [
    ...closes.map((close) => ({ at: close.closedAt, close })),
    ...funding.map((push) => ({ at: push.at, funding: push })),
    ...alerts.map((alert) => ({ at: alert.at, alert })),
  ].sort((a, b) => b.at - a.at);
}

function EntryRow({ entry }: { entry: Entry }) {
  if ('close' in entry) return <NoticeRow notice={entry.close} />;
  if ('funding' in entry) return <FundingNoticeRow push={entry.funding} />;
  return <AlertNoticeRow notice={entry.alert} />;
}

const keyOf = (entry: Entry) =>
  'close' in entry
    ? `close-${entry.close.id}`
    : 'funding' in entry
      ? entry.funding.key
      : entry.alert.key;

/**
 * /mine/notices: the positions the market closed (TP, SL, stop-out), newest first, those of
 * nights the app was shut included; with them the desk's decisions on deposits and
 * withdrawals that reached this device, and the price alerts that fired. Opening it marks
 * them read, and so does a close, decision or firing pushed while it is open.
 */
export function NoticesPage() {
  const { t } = useTranslation();
  const { notices, funding, alerts, markAllSeen, fetchNextPage, hasNextPage, isFetched, isError } =
    useCloseNotices();
  useEffect(() => markAllSeen(), [markAllSeen]);
  const entries = entriesOf(notices, funding, alerts);
  return (
    <div className="page notices-page">
      <PageHeader title={t('notices.title')} fallback={PATHS.order} />
      <p className="notices-intro">
        {t('notices.intro')} {t('notices.intro_funding')} {t('notices.intro_alerts')}
      </p>
      <ul className="close-notices" data-testid="close-notices">
        {entries.map((entry) => (
          <EntryRow key={keyOf(entry)} entry={entry} />
        ))}
      </ul>
      {/* A failed request has toasted its error: it does not mean nothing closed. */}
      {isFetched && !isError && entries.length === 0 ? (
        <p className="empty-note" data-testid="notices-empty">
          {t('notices.empty')}
        </p>
      ) : null}
      <InfiniteScroll
        loadMore={async () => void (await fetchNextPage())}
        hasMore={hasNextPage ?? false}
      >
        {hasNextPage ? undefined : <span />}
      </InfiniteScroll>
    </div>
  );
}
