import type { QueryClient } from '@tanstack/react-query';
import { type FundingPush, TOPICS } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import {
  isShownInApp,
  notificationSettingsQuery,
} from '../../../lib/notification-settings-query.ts';
import { ALL_ACCOUNT_ROOTS } from '../../../lib/query-keys.ts';
import { socketClient } from '../../../lib/ws-client.ts';
import { useFundingNotices } from '../../../stores/funding-notices-store.ts';
import { FUNDING_QUERY_ROOTS } from '../api/funding-keys.ts';
import { showFundingToast } from '../components/funding-notice-toast.tsx';

const FUNDING_LISTS: readonly string[] = [
  FUNDING_QUERY_ROOTS.deposits,
  FUNDING_QUERY_ROOTS.withdrawals,
];

/**
 * Follows FUNDING for the logged-in trader until the returned function is called: each new
 * decision is toasted (in the language of the moment, `translate()`) and kept for the notice
 * list, and the deposit and withdrawal lists, the balance and the ledger are read again — on
 * every push, and after a reconnect, when a decision may have come meanwhile.
 */
export function followFunding(deps: {
  queryClient: QueryClient;
  userId: number;
  translate: () => TFunction;
}): () => void {
  const { queryClient, userId } = deps;
  const reload = () =>
    void queryClient.invalidateQueries({
      predicate: (query) => {
        const root = String(query.queryKey[0]);
        return FUNDING_LISTS.includes(root) || ALL_ACCOUNT_ROOTS.includes(root);
      },
    });
  const stop = socketClient.subscribe(TOPICS.funding, (data) => {
    const push = data as FundingPush;
    // A push delivered twice is one decision: told once; kept for the notice list even when
    // the trader turned "In app" off for deposits and withdrawals (issue 41).
    const settings = queryClient.getQueryData(notificationSettingsQuery.queryKey);
    if (useFundingNotices.getState().add(userId, push) && isShownInApp(settings, 'funding'))
      showFundingToast(deps.translate(), push);
    reload();
  });
  const stopReconnect = socketClient.onReconnect(reload);
  return () => {
    stop();
    stopReconnect();
  };
}
