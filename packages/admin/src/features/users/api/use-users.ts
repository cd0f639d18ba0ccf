import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminParamsOf, adminApi } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export type UsersParams = AdminParamsOf<'users'>;

/** Traders, newest first, a page at a time; the previous page stays on screen while the next loads. */
export function useUsers(params: UsersParams) {
  return useQuery({
    queryKey: adminKeys.userList(params),
    queryFn: ({ signal }) => adminApi('users', params, { signal }),
    placeholderData: keepPreviousData,
  });
}
