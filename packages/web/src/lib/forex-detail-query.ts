import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { ACCOUNT_QUERY_ROOTS } from './query-keys.ts';

/**
 * The account figures query (forexDetail). Shared: the orders page and the account page read
 * it, and the trade feature writes each FOREX_TRADE push's summary straight into its cache.
 */
export const forexDetailQuery = queryOptions({
  queryKey: [ACCOUNT_QUERY_ROOTS.forexDetail],
  queryFn: () => api('forexDetail'),
});
