import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export type IdentitiesParams = AdminParamsOf<'identities'>;

/** Identity submissions of one status, oldest first: the review queue when waiting. */
export function useIdentities(params: IdentitiesParams) {
  return useQuery({
    queryKey: adminKeys.identityList(params),
    queryFn: ({ signal }) => adminApi('identities', params, { signal }),
    placeholderData: keepPreviousData,
  });
}
