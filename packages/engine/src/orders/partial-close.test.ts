import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asLots } from '../instruments/spec.ts';
import { addMicros, asMicros } from '../money/micros.ts';
import { forexPair } from '../scenarios/fixtures.ts';
import { splitPosition } from './partial-close.ts';

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
