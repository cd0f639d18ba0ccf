import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** Deposit networks, wire accounts, withdrawal currencies and the withdrawal rules. */
export function useFundingConfig() {
  return useQuery({
    queryKey: adminKeys.fundingConfig,
    queryFn: ({ signal }) => adminApi('fundingConfig', undefined, { signal }),
  });
}

export type SaveNetwork = AdminParamsOf<'saveNetwork'>;
export type SaveWire = AdminParamsOf<'saveWire'>;
export type SaveDrawCurrency = AdminParamsOf<'saveDrawCurrency'>;

function useInvalidateConfig() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.fundingConfig }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
    ]);
}

/** Adds (no id) or changes a deposit network. */
export function useSaveNetwork() {
  const invalidate = useInvalidateConfig();
  return useMutation({
    mutationFn: (params: SaveNetwork) => adminApi('saveNetwork', params),
    onSuccess: invalidate,
  });
}

/** Adds (no id) or changes a wire account. */
export function useSaveWire() {
  const invalidate = useInvalidateConfig();
  return useMutation({
    mutationFn: (params: SaveWire) => adminApi('saveWire', params),
    onSuccess: invalidate,
  });
}

/** Adds (no id) or changes a withdrawal currency. */
export function useSaveDrawCurrency() {
  const invalidate = useInvalidateConfig();
  return useMutation({
    mutationFn: (params: SaveDrawCurrency) => adminApi('saveDrawCurrency', params),
    onSuccess: invalidate,
  });
}
