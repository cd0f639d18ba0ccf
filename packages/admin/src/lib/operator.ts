import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleMay, UPLOAD_READERS, type UploadPurpose } from '@tradedesk/contract/admin/roles';
import { ADMIN_ROUTES, type AdminRouteName } from '@tradedesk/contract/admin/routes';
import { adminApi } from './admin-api.ts';
import { adminKeys } from './query-keys.ts';
import { useToken } from './session.ts';

/** The operator of this session: who they are, their role, their two-factor state. */
export const meQueryOptions = queryOptions({
  queryKey: adminKeys.me,
  queryFn: ({ signal }) => adminApi('me', undefined, { signal }),
  staleTime: 60_000,
});

export function useMe() {
  const token = useToken();
  return useQuery({ ...meQueryOptions, enabled: token !== null });
}

/**
 * Whether the operator's role may make a call. Only to hide what would be refused: the
 * server checks every call anyway.
 */
export function useCan(route: AdminRouteName): boolean {
  const { data: me } = useMe();
  return me !== undefined && roleMay(me.role, ADMIN_ROUTES[route].access);
}

/**
 * Whether the operator's role may read traders' uploads submitted as `purpose`: identity
 * documents (compliance) or deposit proofs (finance). The server decides each read the same way.
 */
export function useCanReadUploads(purpose: UploadPurpose): boolean {
  const { data: me } = useMe();
  return me !== undefined && roleMay(me.role, UPLOAD_READERS[purpose]);
}
