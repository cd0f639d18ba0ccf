import { describe, expect, it } from 'vitest';
import { createHeldFrames } from './held-frames.ts';

describe('market data held for a client that is behind', () => {
  it('keeps the newest item per key, newest last, and forgets what it gives', () => {
    const held = createHeldFrames();
    const byId = (q: { Id: number }) => q.Id;
    held.hold(
      'DAY_MARKET',
      [
        { Id: 1, seq: 1 },
        { Id: 2, seq: 1 },
      ],
      byId,
    );
    held.hold('DAY_MARKET', [{ Id: 1, seq: 2 }], byId);
    held.hold('KLINE.EURUSD', [{ period: '1min', Time: 60 }], (c) => `${c.period}:${c.Time}`);
    held.hold('KLINE.XAUUSD', [{ period: '1min', Time: 60 }], (c) => `${c.period}:${c.Time}`);
    held.drop('KLINE.XAUUSD');
    expect(held.take()).toEqual([
      [
        'DAY_MARKET',
        [
          { Id: 2, seq: 1 },
          { Id: 1, seq: 2 },
        ],
      ],
      ['KLINE.EURUSD', [{ period: '1min', Time: 60 }]],
    ]);
    expect(held.isEmpty()).toBe(true);
    expect(held.take()).toEqual([]);
  });
});
