import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../lib/admin-api.ts';
import { clearToken } from '../../../lib/session.ts';

/** Revokes the session on the server, then forgets it here whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminApi('logout', undefined, { silent: true }),
    onSettled: () => {
      clearToken();
      queryClient.clear();
    },
  });
}
