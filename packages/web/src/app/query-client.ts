import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache (main.tsx fills it with the first screen's data before rendering). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
