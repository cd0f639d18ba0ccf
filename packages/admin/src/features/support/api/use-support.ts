import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_PAGE_SIZE } from '@tradedesk/contract';
import { adminApi } from '../../../lib/admin-api.ts';

/**
 * A safety net only: new messages are announced on the desk socket (use-desk-live), which
 * reloads at once; this slow poll covers a socket that cannot connect (a proxy without
 * WebSocket support).
 */
export const SUPPORT_POLL_MS = 30_000;

export const supportKeys = {
  all: ['support'] as const,
  inbox: (page: number) => ['support', 'inbox', page] as const,
  thread: (userId: number) => ['support', 'thread', userId] as const,
};

/** Conversations by last activity, newest first. */
export function useSupportInbox(page: number) {
  return useQuery({
    queryKey: supportKeys.inbox(page),
    queryFn: ({ signal }) => adminApi('supportInbox', { page }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: SUPPORT_POLL_MS,
  });
}

/** One trader's newest messages. */
export function useSupportThread(userId: number | undefined) {
  return useQuery({
    queryKey: supportKeys.thread(userId ?? 0),
    queryFn: ({ signal }) =>
      adminApi('supportThread', { id: userId ?? 0, limit: CHAT_PAGE_SIZE }, { signal }),
    enabled: userId !== undefined,
    refetchInterval: SUPPORT_POLL_MS,
  });
}

/** Older messages of a conversation, a page before `before`. */
export function useOlderSupportMessages() {
  return useMutation({
    mutationFn: (input: { userId: number; before: number }) =>
      adminApi('supportThread', { id: input.userId, before: input.before, limit: CHAT_PAGE_SIZE }),
  });
}

export function useSupportReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; content: string }) =>
      adminApi('supportReply', { id: input.userId, content: input.content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

export function useSupportRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; lastId: number }) =>
      adminApi('supportRead', { id: input.userId, last_id: input.lastId }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...supportKeys.all, 'inbox'] }),
  });
}
