import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { PAGE_SIZE, type RequestOf, type ResponseOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { FUNDING_QUERY_ROOTS } from './funding-keys.ts';

export const depositNetworksQuery = queryOptions({
  queryKey: [FUNDING_QUERY_ROOTS.depositNetworks],
  queryFn: ({ signal }) => api('depositNetworks', undefined, { signal }),
});

export function useDepositNetworks() {
  return useQuery(depositNetworksQuery);
}

export function useWireCurrencies() {
  return useQuery({
    queryKey: [FUNDING_QUERY_ROOTS.wireCurrencies],
    queryFn: ({ signal }) => api('wireCurrencies', undefined, { signal }),
  });
}

/** The bank accounts a wire in `code` may be sent to; nothing is asked before a currency is chosen. */
export function useWireOptions(code: string | null) {
  return useQuery({
    queryKey: [FUNDING_QUERY_ROOTS.wireOptions, code],
    queryFn: ({ signal }) => api('wireInfo', { bank_coin: code ?? '' }, { signal }),
    enabled: code !== null,
  });
}

const depositListQuery = infiniteQueryOptions({
  queryKey: [FUNDING_QUERY_ROOTS.deposits],
  queryFn: ({ pageParam, signal }) => api('depositList', { page: pageParam }, { signal }),
  initialPageParam: 1,
  getNextPageParam: (last: ResponseOf<'depositList'>, pages: ResponseOf<'depositList'>[]) =>
    pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined,
  // An operator may have decided since the last look: read it afresh on every visit.
  staleTime: 0,
});

/** My deposits of both kinds, newest first. */
export function useDepositList() {
  return useInfiniteQuery(depositListQuery);
}

/** Reports a deposit by crypto network or by wire; the history shows it at once. */
export function useSubmitDeposit() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [FUNDING_QUERY_ROOTS.deposits] });
  return {
    async crypto(params: RequestOf<'chargeSubmit'>) {
      const record = await api('chargeSubmit', params, { loading: true, toastSuccess: true });
      await refresh();
      return record;
    },
    async wire(params: RequestOf<'wireSubmit'>) {
      const record = await api('wireSubmit', params, { loading: true, toastSuccess: true });
      await refresh();
      return record;
    },
  };
}
