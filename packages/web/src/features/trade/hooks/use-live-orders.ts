import { useQueryClient } from '@tanstack/react-query';
import {
  type Balance,
  type ForexClosedPush,
  type ForexDetail,
  type ForexTradePush,
  ORDER_STATUSES,
  TOPICS,
} from '@tradedesk/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../lib/balance-query.ts';
import { ACCOUNT_QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { socketClient } from '../../../lib/ws-client.ts';
import { forexDetailQuery, MY_DEAL_KEY, myDealQuery } from '../api/orders-api.ts';
import { showCloseToast } from '../components/close-notice-toast.tsx';
import { noticeFromPush } from '../lib/close-notices.ts';
import { type HoldingPages, withLivePrices, withoutOrder } from '../lib/holding-cache.ts';
import { useLiveNotices } from '../stores/close-notices-store.ts';

const holdingKey = myDealQuery(ORDER_STATUSES.holding).queryKey;

/**
 * Keeps what shows my orders and money live while logged in (SPEC.md §4): FOREX_TRADE
 * moves UpdatePrice and FactProfits of each holding order and the summary; FOREX_CLOSED
 * takes a closed position out of the holding list at once and, when the market closed it (TP,
 * SL, stop-out), tells the trader: a toast, and an entry of the notice list. Lists reload when
 * an order entered or left them, or when the list counts other positions than the push.
 */
export function useLiveOrders(loggedIn: boolean): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  // The language of the moment the close arrives, without subscribing again on a change.
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    if (!loggedIn) return;
    const reloadLists = () => void queryClient.invalidateQueries({ queryKey: [MY_DEAL_KEY] });

    const stopTrade = socketClient.subscribe(TOPICS.forexTrade, (data) => {
      const push = data as ForexTradePush;
      let stale = false;
      queryClient.setQueryData<HoldingPages>(holdingKey, (holding) => {
        if (!holding) return holding;
        const next = withLivePrices(holding, push);
        stale = next.stale;
        return next.holding;
      });
      queryClient.setQueryData<ForexDetail>(forexDetailQuery.queryKey, (detail) =>
        detail ? { ...detail, ...push.summary } : detail,
      );
      queryClient.setQueryData<Balance>(balanceQuery.queryKey, (balance) =>
        balance
          ? { balance: push.summary.balance, lock_balance: push.summary.lock_balance }
          : balance,
      );
      if (stale || push.changed.length > 0) reloadLists();
    });

    const stopClosed = socketClient.subscribe(TOPICS.forexClosed, (data) => {
      const push = data as ForexClosedPush;
      const { Id } = push;
      const notice = noticeFromPush(push);
      if (notice) {
        useLiveNotices.getState().add(notice);
        showCloseToast(translate.current, notice);
      }
      queryClient.setQueryData<HoldingPages>(holdingKey, (holding) =>
        holding ? withoutOrder(holding, Id) : holding,
      );
      void queryClient.invalidateQueries({
        queryKey: myDealQuery(ORDER_STATUSES.history).queryKey,
      });
      void queryClient.invalidateQueries({ queryKey: forexDetailQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_ROOTS.ledger] });
    });

    const stopReconnect = socketClient.onReconnect(() => {
      reloadLists();
      void queryClient.invalidateQueries({ queryKey: forexDetailQuery.queryKey });
    });
    return () => {
      stopTrade();
      stopClosed();
      stopReconnect();
      // Logged out (or another user next): this user's notices go with the session.
      useLiveNotices.getState().clear();
    };
  }, [loggedIn, queryClient]);
}
