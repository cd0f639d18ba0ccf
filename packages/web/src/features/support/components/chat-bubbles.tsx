import type { ChatMessage } from '@tradedesk/contract';
import { Button } from 'antd-mobile';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../../lib/bidi.ts';
import { localZoneLabel } from '../../../lib/local-time.ts';
import { formatChatTime } from '../lib/chat-thread.ts';

/**
 * The conversation as bubbles: mine at the end side, support's at the start (mirrored in
 * Arabic by the logical CSS). Text is rendered as text, never HTML. A new last message
 * scrolls into view; loading older ones keeps the reader where they were.
 */
export function ChatBubbles({
  messages,
  hasMore,
  loadingOlder,
  onLoadOlder,
}: {
  messages: readonly ChatMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;
  const previous = useRef<{ lastId?: number; firstId?: number; height: number }>({ height: 0 });

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const before = previous.current;
    if (lastId !== before.lastId) element.scrollTop = element.scrollHeight;
    else if (firstId !== before.firstId) element.scrollTop += element.scrollHeight - before.height;
    previous.current = { lastId, firstId, height: element.scrollHeight };
  }, [lastId, firstId]);

  return (
    <div className="chat-list" ref={list} data-testid="chat-list">
      {/* Bubbles show the clock only: the zone is said once, for the whole thread. */}
      <p className="time-zone-note" data-testid="chat-time-zone">
        {t('time.zone_note', { zone: localZoneLabel() })}
      </p>
      {hasMore ? (
        <div className="chat-older">
          <Button size="mini" fill="none" loading={loadingOlder} onClick={onLoadOlder}>
            {t('chat.load_older')}
          </Button>
        </div>
      ) : null}
      {messages.length === 0 ? <p className="chat-empty">{t('chat.empty')}</p> : null}
      {messages.map((message) => (
        <div
          key={message.id}
          className={`chat-row chat-row-${message.sender === 'trader' ? 'mine' : 'theirs'}`}
          data-sender={message.sender}
        >
          {message.sender === 'operator' ? (
            <span className="chat-author">{t('chat.support_name')}</span>
          ) : null}
          <div className="chat-bubble" dir="auto">
            {message.content}
          </div>
          <time className="chat-time" dateTime={new Date(message.created_at).toISOString()}>
            {isolateLtr(formatChatTime(message.created_at))}
          </time>
        </div>
      ))}
    </div>
  );
}
