import { describe, expect, it } from 'vitest';
import { type DeskMessage, deskReadMarker, mergeDeskMessages, previewOf } from './thread.ts';

const message = (id: number, sender: DeskMessage['sender']): DeskMessage => ({
  id,
  sender,
  content: `m${id}`,
  created_at: id,
  operator_email: sender === 'operator' ? 'desk@example.com' : '',
});

describe('support desk thread', () => {
  it('merges older pages with the polled newest page, each message once', () => {
    const merged = mergeDeskMessages(
      [message(1, 'trader'), message(2, 'operator')],
      [message(2, 'operator'), message(3, 'trader')],
    );
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('marks the newest trader message read only while some are unread', () => {
    const messages = [message(1, 'trader'), message(4, 'trader'), message(5, 'operator')];
    expect(deskReadMarker(messages, 2)).toBe(4);
    expect(deskReadMarker(messages, 0)).toBeUndefined();
    expect(deskReadMarker([message(5, 'operator')], 1)).toBeUndefined();
  });

  it('previews a message on one bounded line', () => {
    expect(previewOf('  two\n\nlines  ')).toBe('two lines');
    expect(previewOf('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
