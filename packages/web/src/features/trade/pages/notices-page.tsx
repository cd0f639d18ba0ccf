import { InfiniteScroll } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatPrice, trendOf } from '../../../lib/format.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useCloseNotices } from '../hooks/use-close-notices.ts';
import { type CloseNotice, formatLots, formatNoticePnl } from '../lib/close-notices.ts';
import '../close-notices.css';

function NoticeRow({ notice }: { notice: CloseNotice }) {
  const { t } = useTranslation();
  const buy = notice.side === 1;
  return (
    <li className="close-notice" data-testid="close-notice" data-id={notice.id}>
      <div className="close-notice-head">
        <strong className={`close-notice-reason reason-${notice.reason}`}>
          {t(`order.reason_${notice.reason}`)}
        </strong>
        <span
          className={`close-notice-pnl ${trendOf(notice.pnl)}`}
          dir="ltr"
          data-testid="close-notice-pnl"
        >
          {formatNoticePnl(notice.pnl)}
        </span>
      </div>
      <div className="close-notice-trade">
        <span dir="ltr">{notice.code}</span>{' '}
        <span className={buy ? 'side-buy' : 'side-sell'}>
          {t(buy ? 'trade.buy' : 'trade.sell')}
        </span>{' '}
        <bdi>{formatLots(notice.lots)}</bdi> {t('notices.lots')}
      </div>
      <div className="close-notice-facts">
        <span>
          {t('order.close_price')}{' '}
          <bdi data-testid="close-notice-price">
            {formatPrice(notice.closePrice, notice.precision)}
          </bdi>
        </span>
        <time dateTime={new Date(notice.closedAt).toISOString()} data-testid="close-notice-time">
          <bdi>{formatLocalDateTime(notice.closedAt)}</bdi>
        </time>
      </div>
    </li>
  );
}

/**
 * /mine/notices: the positions the market closed (TP, SL, stop-out), newest first, those of
 * nights the app was shut included. Opening it marks them read, and so does a close pushed
 * while it is open.
 */
export function NoticesPage() {
  const { t } = useTranslation();
  const { notices, markAllSeen, fetchNextPage, hasNextPage, isFetched, isError } =
    useCloseNotices();
  useEffect(() => markAllSeen(), [markAllSeen]);
  return (
    <div className="page notices-page">
      <PageHeader title={t('notices.title')} fallback={PATHS.order} />
      <p className="notices-intro">{t('notices.intro')}</p>
      <ul className="close-notices" data-testid="close-notices">
        {notices.map((notice) => (
          <NoticeRow key={notice.id} notice={notice} />
        ))}
      </ul>
      {/* A failed request has toasted its error: it does not mean nothing closed. */}
      {isFetched && !isError && notices.length === 0 ? (
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
