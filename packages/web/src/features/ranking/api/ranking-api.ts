import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { RANKING_QUERY_KEY } from '../../../lib/query-keys.ts';

/**
 * The ranking. The server recomputes the figures every minute, but a trader who opts out or is
 * hidden leaves its list at once (issue 36): each visit asks again (the cached list shows
 * meanwhile), and an open page every minute.
 */
export function useRanking() {
  return useQuery({
    queryKey: RANKING_QUERY_KEY,
    queryFn: () => api('followList'),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}
