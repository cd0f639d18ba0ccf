import { describe, expect, it } from 'vitest';
import { STRATEGIES } from './strategies.ts';

const byName = (name: string) => STRATEGIES.find((s) => s.name === name)!;
const rising = Array.from({ length: 30 }, (_, i) => 1000 + i * 10);

describe('sample trader strategies', () => {
  it('trend follows the moving averages and leaves on the opposite cross', () => {
    const trend = byName('trend');
    expect(trend.decide(rising, 10, undefined)).toBeNull();
    expect(trend.decide(rising, 25, undefined)).toEqual({ open: 'buy' });
    expect(trend.decide(rising, 25, { side: 'buy', openedAt: 21 })).toBeNull();
    expect(trend.decide(rising, 25, { side: 'sell', openedAt: 21 })).toBe('close');
  });

  it('mean-reversion fades a stretched price and leaves at the mean or after 12 candles', () => {
    const mr = byName('mean-reversion');
    const spike = [...Array.from({ length: 24 }, (_, i) => 1000 + (i % 2)), 1100];
    expect(mr.decide(spike, 24, undefined)).toEqual({ open: 'sell' });
    const flat = Array.from({ length: 40 }, (_, i) => 1000 + (i % 2));
    expect(mr.decide(flat, 35, { side: 'sell', openedAt: 20 })).toBe('close');
  });

  it('scalper and reckless act only on their ticks and hold for a bounded time', () => {
    const scalper = byName('scalper');
    expect(scalper.decide(rising, 4, undefined)).toBeNull();
    expect(scalper.decide(rising, 6, undefined)).toEqual({ open: 'buy' });
    expect(scalper.decide(rising, 7, { side: 'buy', openedAt: 6 })).toBe('close');
    const reckless = byName('reckless');
    expect(reckless.decide(rising, 8, undefined)).toEqual({ open: 'buy' });
    expect(reckless.decide(rising, 9, undefined, 9)).toBeNull();
    expect(reckless.decide(rising, 13, { side: 'buy', openedAt: 8 })).toBeNull();
    expect(reckless.decide(rising, 14, { side: 'buy', openedAt: 8 })).toBe('close');
  });

  it('trades only USD-quoted instruments at leverages they offer', () => {
    expect(STRATEGIES.map((s) => [s.code, s.leverage])).toEqual([
      ['EURUSD', 100],
      ['XAUUSD', 50],
      ['BTCUSD', 20],
      ['GBPUSD', 500],
    ]);
  });
});
