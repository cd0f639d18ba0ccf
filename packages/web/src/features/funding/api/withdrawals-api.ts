import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type DrawType,
  IDEMPOTENCY_HEADER,
  PAGE_SIZE,
  type RequestOf,
  type ResponseOf,
} from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { ALL_ACCOUNT_ROOTS } from '../../../lib/query-keys.ts';
import { FUNDING_QUERY_ROOTS } from './funding-keys.ts';

/** The currencies a withdrawal of a type (1 coin, 2 bank) may be paid in, with fee and price. */
export function useDrawSymbols(type: DrawType) {
  return useQuery({
    queryKey: [FUNDING_QUERY_ROOTS.drawSymbols, type],
    queryFn: ({ signal }) => api('drawSymbols', { type }, { signal }),
  });
}

const drawListQuery = infiniteQueryOptions({
  queryKey: [FUNDING_QUERY_ROOTS.withdrawals],
  queryFn: ({ pageParam, signal }) => api('drawList', { page: pageParam }, { signal }),
  initialPageParam: 1,
  getNextPageParam: (last: ResponseOf<'drawList'>, pages: ResponseOf<'drawList'>[]) =>
    pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined,
  staleTime: 0,
});

/** My withdrawals of both kinds, newest first. */
export function useDrawList() {
  return useInfiniteQuery(drawListQuery);
}

/**
 * Requests a withdrawal. The Idempotency-Key belongs to the attempt: a retry of the same form
 * (after a lost answer) sends the same key and can never take the money twice. A success
 * refreshes the balance, the ledger and the history (the amount moved to lock_balance).
 */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      params,
      idempotencyKey,
    }: {
      params: RequestOf<'draw'>;
      idempotencyKey: string;
    }) =>
      api('draw', params, {
        loading: true,
        toastSuccess: true,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => {
          const root = String(query.queryKey[0]);
          return root === FUNDING_QUERY_ROOTS.withdrawals || ALL_ACCOUNT_ROOTS.includes(root);
        },
      }),
  });
}
