import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Instrument, Period } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';

export const tradeListQuery = queryOptions({
  queryKey: ['trade-list'],
  queryFn: () => api('tradeList', { searchCurrency: undefined }),
  staleTime: 10_000,
});

export function useTradeList() {
  return useQuery(tradeListQuery);
}

export function useInstrumentSearch(search: string) {
  const needle = search.trim();
  return useQuery({
    queryKey: ['trade-list', 'search', needle],
    queryFn: () => api('tradeList', { searchCurrency: needle }),
    enabled: needle.length > 0,
    staleTime: 10_000,
  });
}

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: () => api('categories'),
  staleTime: 10 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

export function useKline(instrumentId: number | undefined, period: Period, enabled = true) {
  return useQuery({
    queryKey: ['kline', instrumentId, period],
    queryFn: () => api('kline', { forex_id: instrumentId!, period }),
    enabled: enabled && instrumentId !== undefined,
    staleTime: 0,
  });
}

export function useSparkline(instrumentId: number, enabled = true) {
  return useQuery({
    queryKey: ['sparkline', instrumentId],
    queryFn: () => api('abbreviatedKline', { forex_id: instrumentId }, { silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

export function findInstrument(
  list: readonly Instrument[] | undefined,
  id: number | undefined,
): Instrument | undefined {
  return list?.find((i) => i.Id === id) ?? list?.[0];
}
