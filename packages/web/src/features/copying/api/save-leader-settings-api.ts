import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeaderSettingsRequest } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { RANKING_QUERY_KEY } from '../../../lib/query-keys.ts';
import { COPYING_KEYS } from './copying-keys.ts';

/**
 * Opts in or out (POST /api/follow/settings). The answer is the settings as stored (copyable
 * is off whenever listed is), so it replaces the cached ones; the ranking and profiles are
 * read again, since the trader has just joined or left them.
 */
export function useSaveLeaderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: LeaderSettingsRequest) =>
      api('setFollowSettings', choice, { loading: true }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(COPYING_KEYS.settings, settings);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: COPYING_KEYS.leaders }),
        queryClient.invalidateQueries({ queryKey: RANKING_QUERY_KEY }),
      ]);
    },
  });
}
