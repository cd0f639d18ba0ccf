import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The settings getBasicInfo serves to the apps. */
export function useSettings() {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => adminApi('settings', undefined, { signal }),
  });
}

/** Changes the settings sent (only those); the answer is the new whole. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AdminParamsOf<'updateSettings'>) => adminApi('updateSettings', changes),
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.settings, settings);
      return queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
