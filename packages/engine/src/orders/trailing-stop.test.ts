import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asPricePoints, NO_PRICE, type PricePoints } from '../instruments/spec.ts';
import type { Side } from '../pnl/pnl.ts';
import { type TrailingStop, trail } from './trailing-stop.ts';

/** A run of quotes, in points: a bid and a spread each. */
const quotes = fc.array(
  fc.record({
    bid: fc.bigInt({ min: 1n, max: 20_000n }).map(asPricePoints),
    spread: fc.bigInt({ min: 0n, max: 50n }),
  }),
  { minLength: 1, maxLength: 60 },
);

const setup = fc.record({
  side: fc.constantFrom<Side>('buy', 'sell'),
  distance: fc.bigInt({ min: 1n, max: 2_000n }).map(asPricePoints),
  activation: fc.oneof(
    fc.constant(NO_PRICE),
    fc.bigInt({ min: 1n, max: 20_000n }).map(asPricePoints),
  ),
  stopLoss: fc.oneof(
    fc.constant(NO_PRICE),
    fc.bigInt({ min: 1n, max: 20_000n }).map(asPricePoints),
  ),
});

describe('a trailing stop, over any run of quotes', () => {
  it('never moves against the trader, and once active sits `distance` behind the best price', () => {
    fc.assert(
      fc.property(setup, quotes, ({ side, distance, activation, stopLoss: first }, run) => {
        let trailing: TrailingStop = { distance, activation, active: false };
        let stopLoss = first;
        let best: PricePoints | undefined;
        for (const { bid, spread } of run) {
          const quote = { bid, ask: asPricePoints(bid + spread) };
          const after = trail(side, trailing, stopLoss, quote);
          // The ratchet: a buy's stop only rises, a sell's only falls (0n: none yet).
          if (stopLoss !== 0n && after.stopLoss !== stopLoss)
            expect(side === 'buy' ? after.stopLoss > stopLoss : after.stopLoss < stopLoss).toBe(
              true,
            );
          expect(after.moved).toBe(after.stopLoss !== stopLoss);
          // Active at once without an activation price, for good once the closing price has
          // reached it, and not before.
          const closing = side === 'buy' ? quote.bid : quote.ask;
          const reached = side === 'buy' ? closing >= activation : closing <= activation;
          expect(after.active).toBe(trailing.active || activation === 0n || reached);
          if (!after.active) expect(after.stopLoss).toBe(stopLoss);
          trailing = { ...trailing, active: after.active };
          stopLoss = after.stopLoss;
          if (after.active)
            best =
              best === undefined
                ? closing
                : side === 'buy'
                  ? closing > best
                    ? closing
                    : best
                  : closing < best
                    ? closing
                    : best;
        }
        // Never nearer the price than `distance` from the best price since it became active.
        if (best !== undefined && stopLoss !== 0n && stopLoss !== first) {
          expect(stopLoss).toBe(side === 'buy' ? best - distance : best + distance);
        }
      }),
    );
  });
});
