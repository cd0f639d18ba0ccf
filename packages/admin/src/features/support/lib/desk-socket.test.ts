import { describe, expect, it } from 'vitest';
import { announcementOf, reconnectDelay } from './desk-socket.ts';

describe('desk socket', () => {
  it('reads announcements and ignores every other frame', () => {
    expect(
      announcementOf(
        JSON.stringify({ topic: 'SUPPORT', data: { user_id: 7, id: 12, sender: 'trader' } }),
      ),
    ).toEqual({ user_id: 7, id: 12, sender: 'trader' });
    expect(announcementOf(JSON.stringify({ type: 'login_result', code: 1 }))).toBeNull();
    expect(
      announcementOf(JSON.stringify({ topic: 'SUPPORT', data: { user_id: '7', id: 1 } })),
    ).toBeNull();
    expect(announcementOf('not json')).toBeNull();
  });

  it('backs off from 1 s to at most 15 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
  });
});
