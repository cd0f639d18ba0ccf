import { QueryClient } from '@tanstack/react-query';
import { AdminApiError } from './admin-api.ts';

/**
 * Reads are cached briefly and refetched when the window regains focus, so a queue left open
 * in a tab catches up. A refusal is an answer, not a glitch: only transport failures retry.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (failures, error) =>
        failures < 2 && (!(error instanceof AdminApiError) || error.code === 0),
    },
    mutations: { retry: false },
  },
});
