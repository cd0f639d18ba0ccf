import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_PAGE_SIZE, type ChatMessage } from '@tradedesk/contract';
import { api } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { type ChatThread, withMessages } from '../lib/chat-thread.ts';

/** Query roots of the chat; keyed by user, so one trader's chat never shows for another. */
export const CHAT_QUERY_ROOTS = { thread: 'support-chat', unread: 'support-unread' } as const;

export const chatThreadKey = (userId: number | undefined) => [CHAT_QUERY_ROOTS.thread, userId];
export const chatUnreadKey = (userId: number | undefined) => [CHAT_QUERY_ROOTS.unread, userId];

const useUserId = () => useSessionStore((s) => s.user?.id);

/**
 * The chat's calls wait while the browser says it is offline and go once it is back, the input
 * showing the message under way (TanStack's default; the app's client sends other writes at
 * once, see app/query-client.ts).
 */
const WAIT_FOR_NETWORK = { networkMode: 'online' } as const;

/** The newest page of my conversation; older pages are added by `useOlderMessages`. */
export function useChatThread() {
  const userId = useUserId();
  return useQuery({
    queryKey: chatThreadKey(userId),
    enabled: userId !== undefined,
    queryFn: async ({ signal }): Promise<ChatThread> => {
      const page = await api('chatMessages', { limit: CHAT_PAGE_SIZE }, { signal });
      return { messages: page.data, hasMore: page.has_more };
    },
    // Kept current by the socket; a reconnect refetches (see use-chat-live).
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useOlderMessages() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    ...WAIT_FOR_NETWORK,
    mutationFn: (before: number) => api('chatMessages', { before, limit: CHAT_PAGE_SIZE }),
    onSuccess: (page) =>
      queryClient.setQueryData<ChatThread>(chatThreadKey(userId), (thread) =>
        withMessages(thread, page.data, page.has_more),
      ),
  });
}

export function useSendChat() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    ...WAIT_FOR_NETWORK,
    mutationFn: (content: string) => api('chatSend', { content }),
    onSuccess: (message: ChatMessage) => {
      queryClient.setQueryData<ChatThread>(chatThreadKey(userId), (thread) =>
        withMessages(thread, [message]),
      );
      // Writing reads the conversation up to one's own message (the server's rule too).
      queryClient.setQueryData(chatUnreadKey(userId), { unread: 0 });
    },
  });
}

export function useMarkChatRead() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    ...WAIT_FOR_NETWORK,
    mutationFn: (lastId: number) => api('chatRead', { last_id: lastId }, { silent: true }),
    onSuccess: (answer) => queryClient.setQueryData(chatUnreadKey(userId), answer),
  });
}

/**
 * Support's messages I have not read, kept live by the CHAT push (mount `useChatLive` once,
 * which the chat page and `useSupportUnread` do). For a badge on the /user entry.
 */
export function useChatUnreadQuery() {
  const userId = useUserId();
  return useQuery({
    queryKey: chatUnreadKey(userId),
    enabled: userId !== undefined,
    queryFn: ({ signal }) => api('chatUnread', undefined, { signal, silent: true }),
  });
}
