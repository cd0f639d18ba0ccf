import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { RANKING_QUERY_KEY } from '../../../lib/query-keys.ts';

/** The ranking; the server refreshes it every minute, so asking more often gains nothing. */
export function useRanking() {
  return useQuery({
    queryKey: RANKING_QUERY_KEY,
    queryFn: () => api('followList'),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
