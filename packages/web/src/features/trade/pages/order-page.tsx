import { useQueryClient } from '@tanstack/react-query';
import { ORDER_STATUSES, type OrderStatusCode } from '@tradedesk/contract';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AccountFigures } from '../../../components/ui/account-figures.tsx';
import { formatPercent, formatSignedCents, trendOfCents, wireMicros } from '../../../lib/format.ts';
import { forexDetailQuery, useForexDetail, useMyDeal } from '../api/orders-api.ts';
import { NoticeBell } from '../components/notice-bell.tsx';
import { OrderCard } from '../components/order-card.tsx';
import { OrderDetail } from '../components/order-detail.tsx';

const TABS = {
  holding: ORDER_STATUSES.holding,
  pending: ORDER_STATUSES.pending,
  history: ORDER_STATUSES.history,
} as const;
type Tab = keyof typeof TABS;

/** SPEC.md §9: the refresh indicator hides 500 ms after the reload. */
const REFRESH_HIDE_MS = 500;

/**
 * Profit and margin ratio (the wire's `risk_rate`, used margin ÷ equity: Binance's name for it;
 * MT5's margin level is its inverse and stands below), then the account's figures (available
 * balance, equity, margin, free margin, margin level, stop-out level): live while positions
 * are open, as FOREX_TRADE writes its summary into the forexDetail cache.
 */
function OrdersSummary() {
  const { t } = useTranslation();
  const { data: detail } = useForexDetail();
  const { data: holding } = useMyDeal(ORDER_STATUSES.holding);
  const profit = wireMicros(holding?.pages[0]?.all_fact_profits ?? 0);
  return (
    <section className="orders-summary" data-testid="orders-summary">
      <div className="orders-summary-head">
        <div>
          <span>{t('order.profit')}</span>
          <strong className={trendOfCents(profit)} data-testid="summary-profit">
            {formatSignedCents(profit)}
          </strong>
        </div>
        <div>
          <span>{t('order.hazard_rate')}</span>
          <strong data-testid="summary-margin-ratio">
            {detail ? formatPercent(detail.risk_rate) : '—'}
          </strong>
        </div>
        <NoticeBell />
      </div>
      <AccountFigures detail={detail} idPrefix="summary" tone="dark" />
    </section>
  );
}

function OrderList({ status }: { status: OrderStatusCode }) {
  const { t } = useTranslation();
  // A position is not an order (issue 37): each tab says what it has none of.
  const emptyText = {
    [ORDER_STATUSES.holding]: t('order.empty_holding'),
    [ORDER_STATUSES.pending]: t('order.empty_pending'),
    [ORDER_STATUSES.history]: t('order.empty'),
  }[status];
  const queryClient = useQueryClient();
  const { data, fetchNextPage, hasNextPage, isFetched, isError, refetch } = useMyDeal(status);
  const [openId, setOpenId] = useState<number | null>(null);
  const orders = data?.pages.flatMap((page) => page.data) ?? [];
  // The popup shows the order as the list holds it now: live figures, and it closes by
  // itself when a closed-order event takes the order out of the list.
  const open = orders.find((o) => o.Id === openId) ?? null;
  return (
    <PullToRefresh
      onRefresh={async () => {
        await Promise.all([
          refetch(),
          queryClient.invalidateQueries({ queryKey: forexDetailQuery.queryKey }),
        ]);
      }}
      completeDelay={REFRESH_HIDE_MS}
      pullingText={t('order.pull')}
      canReleaseText={t('order.release')}
      refreshingText={t('order.refreshing')}
      completeText={t('order.refreshed')}
    >
      <div className="order-list" data-testid={`order-list-${status}`}>
        {orders.map((order) => (
          <OrderCard key={order.Id} order={order} onOpen={(o) => setOpenId(o.Id)} />
        ))}
        {/* A failed request has toasted its error: it does not mean there are no orders. */}
        {isFetched && !isError && orders.length === 0 ? (
          <p className="empty-note" data-testid="order-empty">
            {emptyText}
          </p>
        ) : null}
        <InfiniteScroll
          loadMore={async () => void (await fetchNextPage())}
          hasMore={hasNextPage ?? false}
        >
          {hasNextPage ? undefined : <span />}
        </InfiniteScroll>
      </div>
      <OrderDetail order={open} onClose={() => setOpenId(null)} />
    </PullToRefresh>
  );
}

/** A list another feature provides beside the orders (the copies of leaders). */
export interface OrderPageTab {
  key: string;
  title: string;
  render(): ReactNode;
}

const isOrderTab = (key: string | undefined): key is Tab => key !== undefined && key in TABS;

/**
 * /order: my positions, pending orders and history, with the account summary, and the tabs
 * the app passes in (features never import each other). `state.tab` opens one of them.
 */
export function OrderPage({ extraTabs = [] }: { extraTabs?: readonly OrderPageTab[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const initial = (location.state as { tab?: string } | null)?.tab;
  const [tab, setTab] = useState<string>(
    isOrderTab(initial) || extraTabs.some((extra) => extra.key === initial)
      ? (initial as string)
      : 'holding',
  );
  const extra = extraTabs.find((candidate) => candidate.key === tab);
  return (
    <div className="page order-page">
      <OrdersSummary />
      <Tabs activeKey={tab} onChange={setTab} className="order-tabs">
        <Tabs.Tab title={t('order.holding')} key="holding" />
        <Tabs.Tab title={t('order.pending')} key="pending" />
        <Tabs.Tab title={t('order.history')} key="history" />
        {extraTabs.map((candidate) => (
          <Tabs.Tab title={candidate.title} key={candidate.key} />
        ))}
      </Tabs>
      {isOrderTab(tab) ? <OrderList key={tab} status={TABS[tab]} /> : extra?.render()}
    </div>
  );
}
