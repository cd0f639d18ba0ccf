import { api } from './api-client.ts';
import { ACCOUNT_QUERY_ROOTS } from './query-keys.ts';

/**
 * The account balance query. Shared: the user feature reads it, and the trade feature writes
 * the balance each FOREX_TRADE push carries straight into its cache.
 */
export const balanceQuery = {
  queryKey: [ACCOUNT_QUERY_ROOTS.balance],
  queryFn: () => api('getBalance'),
};
