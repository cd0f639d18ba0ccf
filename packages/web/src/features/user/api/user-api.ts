import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../stores/session-store.ts';

export const userInfoQuery = queryOptions({
  queryKey: ['user-info'],
  queryFn: async () => {
    const user = await api('userInfo');
    useSessionStore.getState().setUser(user);
    return user;
  },
});

export function useUserInfo() {
  const cached = useSessionStore((s) => s.user);
  return useQuery({ ...userInfoQuery, ...(cached ? { placeholderData: cached } : {}) });
}

/**
 * Revokes the token on the server, then forgets the session here whatever the answer; once the
 * server has answered, nothing cached for this user may show for the next one.
 */
export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api('logout', undefined, { silent: true, init: true, toastSuccess: true });
      } finally {
        useSessionStore.getState().clear();
      }
    },
    onSuccess: () => queryClient.clear(),
  });
}

/** Changes the password with the current one; the server ends every session, this one too. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (form: RequestOf<'amendPassword'>) =>
      api('amendPassword', form, { loading: true, toastSuccess: true }),
  });
}
