import { CHAT_MESSAGE_MAX } from '@tradedesk/contract';
import { Button, Empty, Input, Spin, Tag, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatTime } from '../../../lib/format.ts';
import {
  useOlderSupportMessages,
  useSupportRead,
  useSupportReply,
  useSupportThread,
} from '../api/use-support.ts';
import { type DeskMessage, deskReadMarker, mergeDeskMessages } from '../lib/thread.ts';

/**
 * One trader's conversation with the reply box. What is shown is marked read for the desk;
 * the newest page is polled, older pages are kept as they are loaded.
 */
export function ConversationView({ userId }: { userId: number }) {
  const { data, isLoading } = useSupportThread(userId);
  const olderPages = useOlderSupportMessages();
  const reply = useSupportReply();
  const read = useSupportRead();
  const [older, setOlder] = useState<{ messages: DeskMessage[]; hasMore: boolean }>();
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);

  const messages = mergeDeskMessages(older?.messages ?? [], data?.data ?? []);
  const hasMore = older ? older.hasMore : (data?.has_more ?? false);
  const lastId = messages.at(-1)?.id;

  // A new last message scrolls into view.
  useLayoutEffect(() => {
    if (lastId !== undefined && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lastId]);

  const { mutate: markRead } = read;
  const unread = data?.unread ?? 0;
  const marker = deskReadMarker(data?.data ?? [], unread);
  useEffect(() => {
    if (marker !== undefined) markRead({ userId, lastId: marker });
  }, [marker, userId, markRead]);

  if (isLoading || !data) return <Spin className="support-spin" />;

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    const page = await olderPages.mutateAsync({ userId, before: first.id });
    setOlder({
      messages: mergeDeskMessages(page.data, older?.messages ?? []),
      hasMore: page.has_more,
    });
  };
  const send = async () => {
    const content = text.trim();
    if (!content) return;
    await reply.mutateAsync({ userId, content });
    setText('');
  };

  return (
    <div className="support-thread">
      <div className="support-thread-head">
        <Typography.Title level={4}>{data.account}</Typography.Title>
        {data.is_demo ? <Tag>demo</Tag> : null}
        <Typography.Text type="secondary" data-testid="thread-uid">
          UID {data.uid}
        </Typography.Text>
      </div>
      <div className="support-messages" ref={list} data-testid="support-messages">
        {hasMore ? (
          <Button size="small" type="link" loading={olderPages.isPending} onClick={loadOlder}>
            Earlier messages
          </Button>
        ) : null}
        {messages.length === 0 ? <Empty description="No messages yet" /> : null}
        {messages.map((message) => (
          <div key={message.id} className={`support-message is-${message.sender}`}>
            <div className="support-bubble" dir="auto">
              {message.content}
            </div>
            <Typography.Text type="secondary" className="support-meta">
              {message.sender === 'operator' ? `${message.operator_email} · ` : ''}
              {formatTime(message.created_at)} UTC
            </Typography.Text>
          </div>
        ))}
      </div>
      <div className="support-reply">
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Write a reply (Ctrl+Enter sends)"
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={CHAT_MESSAGE_MAX}
          aria-label="Reply"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
          }}
        />
        <Button
          type="primary"
          loading={reply.isPending}
          disabled={text.trim() === ''}
          onClick={() => void send()}
        >
          Send
        </Button>
      </div>
    </div>
  );
}
