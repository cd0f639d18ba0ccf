import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache (main.tsx fills it with the first screen's data before rendering).
 * A write goes when it is asked for, even while the browser says it is offline: it then fails
 * at once with the network error toast (SPEC.md §8), as a plain call would, instead of
 * waiting silently (TanStack's default) and placing an order minutes after the tap.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    mutations: { networkMode: 'always' },
  },
});
