import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { USD_RATE } from '../instruments/conversion.ts';
import { asLots, asPricePoints } from '../instruments/spec.ts';
import { addMicros, asMicros } from '../money/micros.ts';
import { pnlMicros } from '../pnl/pnl.ts';
import { forexPair } from '../scenarios/fixtures.ts';
import { closePartAt, splitPosition } from './partial-close.ts';

const spec = forexPair('EURUSD', 5, 'USD');
/** Lots in steps of 0.01 (100 units of 10⁻⁴ lot), from 0.01 to 50. */
const steps = fc.integer({ min: 1, max: 5_000 }).map((n) => asLots(BigInt(n) * 100n));
const money = fc.bigInt({ min: 0n, max: 10n ** 12n }).map(asMicros);

describe('a partial close, over any position and part', () => {
  it('shares margin and fee so that the parts sum to the whole, to the micro-dollar', () => {
    fc.assert(
      fc.property(steps, steps, money, money, (a, b, margin, fee) => {
        const [part, whole] = a < b ? [a, b] : [b, a];
        const split = splitPosition(spec, { lots: whole, margin, fee }, part);
        if (part === whole) {
          expect(split).toEqual({ ok: false, reason: 'PART_NOT_LESS_THAN_WHOLE' });
          return;
        }
        if (!split.ok) throw new Error(split.reason);
        expect(split.closed.lots + split.remaining.lots).toBe(whole);
        expect(addMicros(split.closed.margin, split.remaining.margin)).toBe(margin);
        expect(addMicros(split.closed.fee, split.remaining.fee)).toBe(fee);
        // Each share within half a micro-dollar of the exact proportion.
        const exact = (amount: bigint) => amount * part;
        for (const [share, amount] of [
          [split.closed.margin, margin],
          [split.closed.fee, fee],
        ] as const) {
          const error = share * whole - exact(amount);
          expect(2n * (error < 0n ? -error : error) <= whole).toBe(true);
        }
      }),
    );
  });
});

describe('a partial close at a price', () => {
  it("realises a P&L that, with the remainder's floating P&L, is the whole's to the micro-dollar", () => {
    const price = fc.integer({ min: 50_000, max: 200_000 }).map((n) => asPricePoints(BigInt(n)));
    fc.assert(
      fc.property(
        steps,
        steps,
        price,
        price,
        fc.constantFrom('buy', 'sell'),
        (a, b, open, close, side) => {
          const [part, whole] = a < b ? [a, b] : [b, a];
          if (part === whole) return;
          const market = { spec, rates: { margin: USD_RATE, profit: USD_RATE } };
          const position = {
            side,
            openPrice: open,
            lots: whole,
            margin: asMicros(0n),
            fee: asMicros(0n),
          };
          const done = closePartAt(market, position, part, close);
          if (!done.ok) throw new Error(done.reason);
          const pnl = (lots: typeof whole) => pnlMicros(spec, side, open, close, lots, USD_RATE);
          expect(addMicros(done.closed.pnl, pnl(done.remaining.lots))).toBe(pnl(whole));
          expect(done.ledger).toEqual([
            { kind: 'margin-release', amount: done.closed.margin },
            { kind: 'pnl', amount: done.closed.pnl },
          ]);
        },
      ),
    );
  });
});
