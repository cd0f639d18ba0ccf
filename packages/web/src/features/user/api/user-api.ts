import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** Revokes the token on the server, then forgets the session here whatever the answer. */
export async function logOut(): Promise<void> {
  try {
    await api('logout', undefined, { silent: true, init: true, toastSuccess: true });
  } finally {
    useSessionStore.getState().clear();
  }
}

export function changePassword(form: RequestOf<'amendPassword'>): Promise<null> {
  return api('amendPassword', form, { loading: true, toastSuccess: true });
}
