import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** App settings fetched at start (SPEC.md §7 getBasicInfo); shared by several features. */
export const basicInfoQuery = queryOptions({
  queryKey: ['basic-info'],
  queryFn: () => api('basicInfo', undefined, { init: true }),
  staleTime: 5 * 60_000,
});

export function useBasicInfo() {
  return useQuery(basicInfoQuery);
}
