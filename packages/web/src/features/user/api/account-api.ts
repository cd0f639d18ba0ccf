import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { PAGE_SIZE, type ResponseOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';

export const balanceQuery = { queryKey: ['balance'], queryFn: () => api('getBalance') };

export function useBalance() {
  return useQuery(balanceQuery);
}

const ledgerQuery = infiniteQueryOptions({
  queryKey: ['ledger'],
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
  return async () => {
    await api('resetDemo', undefined, { loading: true, toastSuccess: true });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: balanceQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ledgerQuery.queryKey }),
    ]);
  };
}
