import { asLots, asMicros, asPricePoints } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage } from '../../platform/bus/bus.ts';
import { type CopySignal, decodeSignal, encodeSignal } from './copy-signals.ts';

const open: CopySignal = {
  change: 'open',
  instrumentId: 7,
  side: 'sell',
  lots: asLots(12_345_678_901_234_567n),
  leverage: 200,
  takeProfit: asPricePoints(107_000n),
  stopLoss: asPricePoints(0n),
  bid: asPricePoints(108_500n),
  ask: asPricePoints(108_508n),
  leaderEquity: asMicros(9_007_199_254_740_993n),
  atMarket: true,
};
const close: CopySignal = { change: 'close', price: asPricePoints(108_600n) };
const stops: CopySignal = {
  change: 'stops',
  takeProfit: asPricePoints(109_000n),
  stopLoss: asPricePoints(108_000n),
};

// The copy outbox's codec (issue 36): the bus's encoding, and rows of the encoder before it.
describe('copy signal codec', () => {
  it('writes what the bus writes, and reads it back exactly (past 2⁵³ too)', () => {
    for (const signal of [open, close, stops]) {
      const text = encodeSignal(signal);
      expect(text).toBe(encodeMessage(signal));
      expect(decodeMessage(text)).toEqual(signal);
      expect(decodeSignal(text)).toEqual(signal);
    }
  });

  it('reads the rows the encoder before issue 36 wrote: bigints as bare decimal text', () => {
    const old = (signal: CopySignal) =>
      JSON.stringify(signal, (_key, value) =>
        typeof value === 'bigint' ? value.toString() : value,
      );
    expect(old(open)).toContain('"lots":"12345678901234567"');
    for (const signal of [open, close, stops]) expect(decodeSignal(old(signal))).toEqual(signal);
  });

  it('refuses what is not a signal', () => {
    expect(() => decodeSignal('not a signal')).toThrow();
    expect(() => decodeSignal('{"change":"reopen"}')).toThrow(/not a copy signal/);
    expect(() => decodeSignal('null')).toThrow(/not a copy signal/);
  });
});
