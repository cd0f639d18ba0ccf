import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The live trade list (every instrument with its quote). Shared: the market feature loads it
 * and keeps it live from DAY_MARKET; the trade feature reads a position's instrument and its
 * conversion pairs from it, for what closing or moving an order would do at the quote of now.
 */
export const tradeListQuery = queryOptions({
  queryKey: ['trade-list'],
  queryFn: () => api('tradeList', { searchCurrency: undefined }),
  staleTime: 10_000,
});
