import { Button, SpinLoading } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatThread, useMarkChatRead, useOlderMessages, useSendChat } from '../api/chat-api.ts';
import { useChatLive } from '../hooks/use-chat-live.ts';
import { readMarkerToSend } from '../lib/chat-thread.ts';
import { ChatBubbles } from './chat-bubbles.tsx';
import { ChatInput } from './chat-input.tsx';

/** The built-in support chat: the conversation, live, and the box to write in. */
export function BuiltInChat() {
  const { t } = useTranslation();
  useChatLive();
  const { data: thread, isError, refetch } = useChatThread();
  const older = useOlderMessages();
  const send = useSendChat();
  const markRead = useMarkChatRead();
  const lastMarked = useRef(0);

  // What is on screen is read: support's newest message, once per new message.
  const messages = thread?.messages;
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (!messages) return;
    const marker = readMarkerToSend(messages, lastMarked.current);
    if (marker === undefined) return;
    lastMarked.current = marker;
    mark(marker);
  }, [messages, mark]);

  if (!thread) {
    return isError ? (
      <div className="route-error">
        <p>{t('public.page_error')}</p>
        <Button color="primary" onClick={() => void refetch()}>
          {t('public.retry')}
        </Button>
      </div>
    ) : (
      <SpinLoading className="page-loading" color="primary" />
    );
  }
  const firstId = thread.messages[0]?.id;
  return (
    <div className="chat-body">
      <ChatBubbles
        messages={thread.messages}
        hasMore={thread.hasMore}
        loadingOlder={older.isPending}
        onLoadOlder={() => firstId !== undefined && older.mutate(firstId)}
      />
      <ChatInput sending={send.isPending} onSend={(content) => send.mutateAsync(content)} />
    </div>
  );
}
