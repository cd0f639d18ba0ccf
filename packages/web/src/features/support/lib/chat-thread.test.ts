import type { ChatMessage } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import {
  formatChatTime,
  mergeMessages,
  readMarkerToSend,
  serviceLinkView,
  withMessages,
} from './chat-thread.ts';

const message = (id: number, sender: ChatMessage['sender'] = 'trader'): ChatMessage => ({
  id,
  sender,
  content: `m${id}`,
  created_at: 1_000 * id,
});

describe('chat thread', () => {
  it('merges pushes, sends and older pages once each, oldest first', () => {
    const merged = mergeMessages([message(3), message(5)], [message(5), message(4), message(1)]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, 4, 5]);
    const thread = withMessages({ messages: [message(7)], hasMore: true }, [message(6)], false);
    expect(thread).toEqual({ messages: [message(6), message(7)], hasMore: false });
    expect(withMessages(undefined, [message(2)])).toEqual({
      messages: [message(2)],
      hasMore: false,
    });
    expect(withMessages({ messages: [], hasMore: true }, [message(2)]).hasMore).toBe(true);
  });

  it('marks read only support’s newest message, and only when newer than the last mark', () => {
    const messages = [
      message(1, 'operator'),
      message(2, 'trader'),
      message(3, 'operator'),
      message(4),
    ];
    expect(readMarkerToSend(messages, 0)).toBe(3);
    expect(readMarkerToSend(messages, 3)).toBeUndefined();
    expect(readMarkerToSend([message(9)], 0)).toBeUndefined();
  });

  it('writes today’s times short and older ones with their date', () => {
    const now = new Date(2026, 10, 23, 18, 0).getTime();
    expect(formatChatTime(new Date(2026, 10, 23, 9, 5).getTime(), now)).toBe('09:05');
    expect(formatChatTime(new Date(2026, 0, 2, 23, 59).getTime(), now)).toBe('01-02 23:59');
    expect(formatChatTime(new Date(2025, 11, 31, 7, 0).getTime(), now)).toBe('2025-12-31 07:00');
  });

  it('shows the built-in chat for an empty link, frames http(s) only, shows anything else', () => {
    expect(serviceLinkView('  ')).toEqual({ kind: 'built-in' });
    expect(serviceLinkView('https://help.example.com/chat?x=1')).toEqual({
      kind: 'frame',
      url: 'https://help.example.com/chat?x=1',
    });
    expect(serviceLinkView('javascript:alert(1)')).toEqual({
      kind: 'text',
      text: 'javascript:alert(1)',
    });
    expect(serviceLinkView('support@example.com')).toEqual({
      kind: 'text',
      text: 'support@example.com',
    });
  });
});
