import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
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

/** After a deposit is reported the history shows it at once. */
function useRefreshDeposits() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [FUNDING_QUERY_ROOTS.deposits] });
}

/** Reports a deposit sent over a crypto network, with its proof. */
export function useSubmitCryptoDeposit() {
  const refresh = useRefreshDeposits();
  return useMutation({
    mutationFn: (params: RequestOf<'chargeSubmit'>) =>
      api('chargeSubmit', params, { loading: true, toastSuccess: true }),
    onSuccess: refresh,
  });
}

/** Reports a bank wire, with its proof. */
export function useSubmitWireDeposit() {
  const refresh = useRefreshDeposits();
  return useMutation({
    mutationFn: (params: RequestOf<'wireSubmit'>) =>
      api('wireSubmit', params, { loading: true, toastSuccess: true }),
    onSuccess: refresh,
  });
}
