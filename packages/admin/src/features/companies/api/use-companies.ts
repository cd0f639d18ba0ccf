import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** Every company, published or not, a page at a time (by name). */
export function useCompanies(page: number) {
  return useQuery({
    queryKey: adminKeys.companyList({ page }),
    queryFn: ({ signal }) => adminApi('companies', { page }, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** Adds (no id) or changes a company; the list and the audit log refresh. */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (company: AdminParamsOf<'saveCompany'>) => adminApi('saveCompany', company),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.companies }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi('deleteCompany', { id }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.companies }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

/** The start-up check's switches (owners only). */
export function useCompanySettings(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.companySettings,
    queryFn: ({ signal }) => adminApi('companySettings', undefined, { signal }),
    enabled,
  });
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AdminParamsOf<'updateCompanySettings'>) =>
      adminApi('updateCompanySettings', changes),
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.companySettings, settings);
      return queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
