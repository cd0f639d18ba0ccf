import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AlertPush,
  type Balance,
  type ForexClosedPush,
  type ForexDetail,
  type ForexTradePush,
  type MarginCallPush,
  type NoticeKind,
  ORDER_STATUSES,
  TOPICS,
} from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../lib/balance-query.ts';
import {
  isShownInApp,
  notificationSettingsQuery,
} from '../../../lib/notification-settings-query.ts';
import { ACCOUNT_QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { socketClient } from '../../../lib/ws-client.ts';
import { forexDetailQuery, MY_DEAL_KEY, myDealQuery } from '../api/orders-api.ts';
import { ALERTS_KEY } from '../api/use-alerts.ts';
import { showAlertToast } from '../components/alert-toast.tsx';
import { showCloseToast } from '../components/close-notice-toast.tsx';
import { showMarginCallToast } from '../components/margin-call-toast.tsx';
import { alertNoticeFromPush } from '../lib/alert-notices.ts';
import { isExpiry, noticeFromPush } from '../lib/close-notices.ts';
import { type HoldingPages, withLivePrices, withoutOrder } from '../lib/holding-cache.ts';
import { useLiveAlertNotices } from '../stores/alert-notices-store.ts';
import { useLiveNotices } from '../stores/close-notices-store.ts';

const holdingKey = myDealQuery(ORDER_STATUSES.holding).queryKey;

/** The trader's "In app" choice of a kind (issue 41), as cached; shown while unknown. */
function shownInApp(queryClient: QueryClient, kind: NoticeKind): boolean {
  return isShownInApp(queryClient.getQueryData(notificationSettingsQuery.queryKey), kind);
}

/** FOREX_TRADE: prices, P&L and stops of the positions, the summary, the balance. */
function applyTradePush(queryClient: QueryClient, push: ForexTradePush): void {
  let stale = false;
  queryClient.setQueryData<HoldingPages>(holdingKey, (holding) => {
    if (!holding) return holding;
    const next = withLivePrices(holding, push, Date.now());
    stale = next.stale;
    return next.holding;
  });
  queryClient.setQueryData<ForexDetail>(forexDetailQuery.queryKey, (detail) =>
    detail ? { ...detail, ...push.summary } : detail,
  );
  queryClient.setQueryData<Balance>(balanceQuery.queryKey, (balance) =>
    balance ? { balance: push.summary.balance, lock_balance: push.summary.lock_balance } : balance,
  );
  if (stale || push.changed.length > 0)
    void queryClient.invalidateQueries({ queryKey: [MY_DEAL_KEY] });
}

/**
 * FOREX_CLOSED: the position leaves the holding list at once; what the market closed (TP, SL,
 * trailing stop, stop-out, a pending order's expiry) is told. An expired order leaves the
 * pending list, which reloads.
 */
function applyClosedPush(queryClient: QueryClient, t: TFunction, push: ForexClosedPush): void {
  const notice = noticeFromPush(push);
  if (notice) {
    // The notice list keeps it either way; "In app" off only spares the trader the toast. An
    // expired pending order is of the pending orders' kind, not a close.
    useLiveNotices.getState().add(notice);
    if (shownInApp(queryClient, isExpiry(notice) ? 'order' : 'close')) showCloseToast(t, notice);
  }
  queryClient.setQueryData<HoldingPages>(holdingKey, (holding) =>
    holding ? withoutOrder(holding, push.Id) : holding,
  );
  void queryClient.invalidateQueries({ queryKey: myDealQuery(ORDER_STATUSES.history).queryKey });
  if (push.CloseReason === 'expired')
    void queryClient.invalidateQueries({ queryKey: myDealQuery(ORDER_STATUSES.pending).queryKey });
  void queryClient.invalidateQueries({ queryKey: forexDetailQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_ROOTS.ledger] });
}

/**
 * MARGIN_CALL (issue 40), sent once per crossing: the trader is told wherever they are, and
 * the figures say it in red from the push's own level and stop-out price until they reload.
 */
function applyMarginCallPush(queryClient: QueryClient, t: TFunction, push: MarginCallPush): void {
  // "In app" off spares the toast; the red band of the figures says it all the same.
  if (shownInApp(queryClient, 'margin')) showMarginCallToast(t, push);
  queryClient.setQueryData<ForexDetail>(forexDetailQuery.queryKey, (detail) =>
    detail
      ? { ...detail, margin_call_level: push.margin_call_level, stop_out_at: push.stop_out_at }
      : detail,
  );
  void queryClient.invalidateQueries({ queryKey: forexDetailQuery.queryKey });
}

/**
 * ALERT (issue 41): a price alert fired. Told once per firing (a push sent again under the
 * same key is not told again), and kept for the notice list (whatever "In app" says, as a
 * close); the list reloads for its status and count.
 */
const toldAlerts = new Set<string>();
function applyAlertPush(queryClient: QueryClient, t: TFunction, push: AlertPush): void {
  useLiveAlertNotices.getState().add(alertNoticeFromPush(push, Date.now()));
  if (!toldAlerts.has(push.key)) {
    toldAlerts.add(push.key);
    if (shownInApp(queryClient, 'price')) showAlertToast(t, push);
  }
  void queryClient.invalidateQueries({ queryKey: [ALERTS_KEY] });
}

/**
 * Keeps what shows my orders and money live while logged in (SPEC.md §4): FOREX_TRADE
 * moves UpdatePrice, FactProfits and the stop loss of each holding order and the summary;
 * FOREX_CLOSED takes a closed position out of the holding list at once and, when the market
 * closed it, tells the trader: a toast, and an entry of the notice list; MARGIN_CALL and a
 * fired price alert (ALERT) are told too. Lists reload when an order entered or left them, or
 * when the list counts other positions than the push.
 */
export function useLiveOrders(loggedIn: boolean): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  // The "In app" choices the toasts follow; read at each push from the cache.
  useQuery({ ...notificationSettingsQuery, enabled: loggedIn });
  // The language of the moment the close arrives, without subscribing again on a change.
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    if (!loggedIn) return;
    const stops = [
      socketClient.subscribe(TOPICS.forexTrade, (data) =>
        applyTradePush(queryClient, data as ForexTradePush),
      ),
      socketClient.subscribe(TOPICS.forexClosed, (data) =>
        applyClosedPush(queryClient, translate.current, data as ForexClosedPush),
      ),
      socketClient.subscribe(TOPICS.marginCall, (data) =>
        applyMarginCallPush(queryClient, translate.current, data as MarginCallPush),
      ),
      socketClient.subscribe(TOPICS.alert, (data) =>
        applyAlertPush(queryClient, translate.current, data as AlertPush),
      ),
      socketClient.onReconnect(() => {
        void queryClient.invalidateQueries({ queryKey: [MY_DEAL_KEY] });
        void queryClient.invalidateQueries({ queryKey: [ALERTS_KEY] });
        void queryClient.invalidateQueries({ queryKey: forexDetailQuery.queryKey });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
      // Logged out (or another user next): this user's notices go with the session.
      useLiveNotices.getState().clear();
      useLiveAlertNotices.getState().clear();
    };
  }, [loggedIn, queryClient]);
}
