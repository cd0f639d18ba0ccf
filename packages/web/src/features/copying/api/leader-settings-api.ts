import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COPYING_KEYS } from './copying-keys.ts';

/**
 * The trader's own consent (GET /api/follow/settings): listed, copyable, when they last
 * changed, and who copies them now. Read afresh on each visit: followers come and go, and an
 * operator may hide the trader meanwhile.
 */
export const leaderSettingsQuery = queryOptions({
  queryKey: COPYING_KEYS.settings,
  queryFn: () => api('followSettings'),
  staleTime: 0,
});

export function useLeaderSettings() {
  return useQuery(leaderSettingsQuery);
}
