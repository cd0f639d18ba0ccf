import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COPYING_KEYS } from './copying-keys.ts';

/** A leader's profile (GET /api/follow/detail): figures, months, instruments, open positions. */
export function leaderProfileQuery(id: number) {
  return queryOptions({
    queryKey: COPYING_KEYS.leader(id),
    queryFn: () => api('followDetail', { id }),
    // The figures come from a daily series and the ranking's minute refresh: a minute is fresh.
    staleTime: 60_000,
  });
}

export function useLeaderProfile(id: number) {
  return useQuery(leaderProfileQuery(id));
}
