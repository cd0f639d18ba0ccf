import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { PAGE_SIZE, type ResponseOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { balanceQuery } from '../../../lib/balance-query.ts';
import { forexDetailQuery } from '../../../lib/forex-detail-query.ts';
import { ACCOUNT_QUERY_ROOTS, ALL_ACCOUNT_ROOTS } from '../../../lib/query-keys.ts';

export function useBalance() {
  return useQuery(balanceQuery);
}

/** Equity, margin, free margin, margin level and the stop-out level (forexDetail), kept live by the trade feature. */
export function useAccountFigures() {
  return useQuery(forexDetailQuery);
}

const ledgerQuery = infiniteQueryOptions({
  queryKey: [ACCOUNT_QUERY_ROOTS.ledger],
  queryFn: ({ pageParam }) => api('ledger', { page: pageParam }),
  initialPageParam: 1,
  getNextPageParam: (last: ResponseOf<'ledger'>, pages: ResponseOf<'ledger'>[]) =>
    pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined,
});

export function useLedger() {
  return useInfiniteQuery(ledgerQuery);
}

/** Resets the demo account, then refreshes what shows its money. */
export function useResetDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('resetDemo', undefined, { loading: true, toastSuccess: true }),
    // Orders were cancelled and closed too: every list and figure that shows them.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => ALL_ACCOUNT_ROOTS.includes(String(query.queryKey[0])),
      }),
  });
}
