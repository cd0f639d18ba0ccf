import {
  infiniteQueryOptions,
  useInfiniteQuery,
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
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => ALL_ACCOUNT_ROOTS.includes(String(query.queryKey[0])),
    });
}

/**
 * Places an order. The Idempotency-Key belongs to the attempt: a retry of the same
 * parameters (after a lost answer) sends the same key and can never place a second order.
 */
export function submitOrder(params: RequestOf<'submitOrder'>, idempotencyKey: string) {
  return api('submitOrder', params, {
    loading: true,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function closeOrder(id: number) {
  return api('closeOrder', { id }, { loading: true, toastSuccess: true });
}

export function cancelOrder(id: number) {
  return api('cancelOrder', { id }, { loading: true, toastSuccess: true });
}

export function setStopPrice(params: RequestOf<'setStopPrice'>) {
  return api('setStopPrice', params, { loading: true, toastSuccess: true });
}
