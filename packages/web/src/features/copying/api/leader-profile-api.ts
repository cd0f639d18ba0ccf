import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COPYING_KEYS } from './copying-keys.ts';

/** A leader's profile (GET /api/follow/detail): figures, months, instruments, open positions. */
export function leaderProfileQuery(id: number) {
  return queryOptions({
    queryKey: COPYING_KEYS.leader(id),
    queryFn: () => api('followDetail', { id }),
    // Read again on each visit (the cached one shows meanwhile): the figures change once a
    // minute, but a leader who opts out or stops taking copiers does so at once (issue 36).
    staleTime: 0,
  });
}

export function useLeaderProfile(id: number) {
  return useQuery(leaderProfileQuery(id));
}
