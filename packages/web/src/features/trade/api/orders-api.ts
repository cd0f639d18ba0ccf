import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  ORDER_STATUSES,
  type OrderStatusCode,
  PAGE_SIZE,
  type RequestOf,
  type ResponseOf,
} from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { forexDetailQuery } from '../../../lib/forex-detail-query.ts';
import { ACCOUNT_QUERY_ROOTS, ALL_ACCOUNT_ROOTS } from '../../../lib/query-keys.ts';

export { forexDetailQuery };

export function useForexDetail(enabled = true) {
  return useQuery({ ...forexDetailQuery, enabled });
}

/** Every page of my_deal lives under this prefix, one key per status. */
export const MY_DEAL_KEY = ACCOUNT_QUERY_ROOTS.myDeal;

export function myDealQuery(status: OrderStatusCode) {
  return infiniteQueryOptions({
    queryKey: [MY_DEAL_KEY, status],
    queryFn: ({ pageParam }) => api('myDeal', { status, page: pageParam }),
    // Asked even when the browser says it is offline (the default would wait, silently, for
    // the network): a failed refresh then toasts its network error (SPEC.md §8) and the
    // rows already loaded stay.
    networkMode: 'offlineFirst',
    initialPageParam: 1,
    getNextPageParam: (last: ResponseOf<'myDeal'>, pages: ResponseOf<'myDeal'>[]) =>
      pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined,
  });
}

export function useMyDeal(status: OrderStatusCode) {
  return useInfiniteQuery(myDealQuery(status));
}

/**
 * History's automatic closes (take profit, stop loss, stop-out): the notice list and its
 * unread count. Filtered by the server (auto_closed=1), not here: a page is PAGE_SIZE rows of
 * every close and cancel, so a trader who closed a few dozen positions by hand after a night's
 * stop-out would find it only pages later, and the bell could not count it. Under the history
 * key, so whatever reloads history (a close, a reconnect) reloads this too.
 */
export const closeNoticesQuery = infiniteQueryOptions({
  queryKey: [MY_DEAL_KEY, ORDER_STATUSES.history, 'auto-closed'],
  queryFn: ({ pageParam }) =>
    api('myDeal', { status: ORDER_STATUSES.history, page: pageParam, auto_closed: 1 }),
  networkMode: 'offlineFirst',
  initialPageParam: 1,
  getNextPageParam: (last: ResponseOf<'myDeal'>, pages: ResponseOf<'myDeal'>[]) =>
    pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined,
});

/** After anything that moves money: the balance, the figures and every order list. */
export function refreshAccount(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => ALL_ACCOUNT_ROOTS.includes(String(query.queryKey[0])),
  });
}

/**
 * Places an order. The Idempotency-Key belongs to the attempt (the caller keeps it): a retry
 * of the same parameters (after a lost answer) sends the same key and can never place a
 * second order. A placed order refreshes the account without waiting for it.
 */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      params,
      idempotencyKey,
    }: {
      params: RequestOf<'submitOrder'>;
      idempotencyKey: string;
    }) =>
      api('submitOrder', params, {
        loading: true,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: () => {
      void refreshAccount(queryClient);
    },
  });
}

/**
 * Closes a position. The account is refreshed whether it worked or was refused, so the lists
 * show what the server now holds; the call settles without waiting for that.
 */
export function useCloseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('closeOrder', { id }, { loading: true, toastSuccess: true }),
    onSettled: () => {
      void refreshAccount(queryClient);
    },
  });
}

/** Cancels a pending order; refreshes the account as a close does. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('cancelOrder', { id }, { loading: true, toastSuccess: true }),
    onSettled: () => {
      void refreshAccount(queryClient);
    },
  });
}

/** Sets or removes (0) an order's take profit and stop loss; a success refreshes the account. */
export function useSetStops() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: RequestOf<'setStopPrice'>) =>
      api('setStopPrice', params, { loading: true, toastSuccess: true }),
    onSuccess: () => refreshAccount(queryClient),
  });
}
