import { useQueryClient } from '@tanstack/react-query';
import { type ChatPush, TOPICS } from '@tradedesk/contract';
import { useEffect } from 'react';
import { socketClient } from '../../../lib/ws-client.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { chatThreadKey, chatUnreadKey, useChatUnreadQuery } from '../api/chat-api.ts';
import { type ChatThread, withMessages } from '../lib/chat-thread.ts';

/**
 * New messages of my support chat from the socket's CHAT topic: into the open thread (if it
 * was loaded) and the unread count. After a reconnect both reload, since pushes may have
 * been missed meanwhile.
 */
export function useChatLive(): void {
  const queryClient = useQueryClient();
  const userId = useSessionStore((s) => s.user?.id);
  useEffect(() => {
    if (userId === undefined) return;
    const stop = socketClient.subscribe(TOPICS.chat, (data) => {
      const push = data as ChatPush;
      queryClient.setQueryData<ChatThread>(chatThreadKey(userId), (thread) =>
        thread ? withMessages(thread, [push.message]) : thread,
      );
      queryClient.setQueryData(chatUnreadKey(userId), { unread: push.unread });
    });
    const stopReconnect = socketClient.onReconnect(() => {
      void queryClient.invalidateQueries({ queryKey: chatThreadKey(userId) });
      void queryClient.invalidateQueries({ queryKey: chatUnreadKey(userId) });
    });
    return () => {
      stop();
      stopReconnect();
    };
  }, [queryClient, userId]);
}

/**
 * How many of support's messages the logged-in trader has not read, live. For the /user
 * page's service-chat entry (a badge); 0 while unknown or logged out.
 */
export function useSupportUnread(): number {
  useChatLive();
  return useChatUnreadQuery().data?.unread ?? 0;
}
