import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createReadWindow } from './read-window.ts';

/** Just what the window uses of a ws socket: its state, ping, and the pong event. */
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    pings: [] as string[],
    ping(data: string) {
      socket.pings.push(data);
    },
    /** The client answers the newest ping: it has read everything before it. */
    answer(data = socket.pings.at(-1)!) {
      socket.emit('pong', Buffer.from(data));
    },
  });
  return socket;
}

const limits = { behindBytes: 4_000, maxBytes: 10_000 };

describe('the read window of a socket', () => {
  it('probes behind every quarter of the behind bound and counts as read what a pong proves', () => {
    const socket = fakeSocket();
    const window = createReadWindow(socket as unknown as WebSocket, limits);
    window.sent(999);
    expect(socket.pings).toEqual([]);
    window.sent(1);
    expect(socket.pings).toHaveLength(1);
    // One probe at a time: what follows waits for its answer.
    window.sent(3_500);
    expect(socket.pings).toHaveLength(1);
    expect(window.unreadBytes()).toBe(4_500);
    expect(window.isBehind()).toBe(true);
    socket.answer();
    expect(window.unreadBytes()).toBe(3_500);
    expect(window.isBehind()).toBe(false);
    // Still owing more than a quarter: probed again at once, not at the next frame.
    expect(socket.pings).toHaveLength(2);
    socket.answer();
    expect(window.unreadBytes()).toBe(0);
  });

  it('ignores a pong that answers no probe of its own', () => {
    const socket = fakeSocket();
    const window = createReadWindow(socket as unknown as WebSocket, limits);
    window.sent(5_000);
    socket.emit('pong', Buffer.alloc(0));
    socket.answer('forged');
    expect(window.unreadBytes()).toBe(5_000);
    window.sent(6_000);
    expect(window.isOverLimit()).toBe(true);
  });

  it('fails a heartbeat once a probe has been out two beats, and never while answered', () => {
    const socket = fakeSocket();
    const window = createReadWindow(socket as unknown as WebSocket, limits);
    for (let i = 0; i < 5; i++) {
      expect(window.beat()).toBe(true);
      socket.answer();
    }
    expect(window.beat()).toBe(true);
    expect(window.beat()).toBe(true);
    expect(window.beat()).toBe(false);
  });
});
