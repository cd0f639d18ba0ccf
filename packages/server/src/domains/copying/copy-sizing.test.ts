import { asLots, asMicros } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import { copyLots } from './copy-sizing.ts';

// Lots are 10^-4: 1 lot = 10 000; step 0.01 = 100; min 0.01; max 100 lots.
const spec = { lotStep: asLots(100n), minLots: asLots(100n), maxLots: asLots(1_000_000n) };
const usd = (n: bigint) => asMicros(n * 1_000_000n);

describe('copyLots', () => {
  it('scales the leader lots by copy equity over leader equity', () => {
    // 1 lot at 10 000 USD, copy of 500 USD → 0.05 lots.
    expect(copyLots(asLots(10_000n), usd(500n), usd(10_000n), spec)).toEqual({
      ok: true,
      lots: 500n,
    });
  });

  it('rounds down to the lot step, never up', () => {
    // 0.37 lots × 700 / 10 000 = 0.0259 → 0.02.
    expect(copyLots(asLots(3_700n), usd(700n), usd(10_000n), spec)).toEqual({
      ok: true,
      lots: 200n,
    });
    // Just under a step stays under it: 0.0199… → 0.01.
    expect(copyLots(asLots(10_000n), asMicros(199_999_999n), usd(10_000n), spec)).toEqual({
      ok: true,
      lots: 100n,
    });
  });

  it('skips a size below the minimum lot', () => {
    // 0.1 lots × 500 / 10 000 = 0.005 < 0.01.
    expect(copyLots(asLots(1_000n), usd(500n), usd(10_000n), spec)).toEqual({
      ok: false,
      reason: 'below-min-lot',
    });
    const bigMin = { ...spec, minLots: asLots(1_000n) };
    // 0.05 rounds to a step but is under a minimum of 0.1.
    expect(copyLots(asLots(10_000n), usd(500n), usd(10_000n), bigMin).ok).toBe(false);
  });

  it('caps at the instrument maximum', () => {
    expect(copyLots(asLots(900_000n), usd(30_000n), usd(10_000n), spec)).toEqual({
      ok: true,
      lots: 1_000_000n,
    });
  });

  it('has no size without equity on either side, and never divides by none', () => {
    const none = { ok: false, reason: 'below-min-lot' };
    expect(copyLots(asLots(10_000n), usd(0n), usd(10_000n), spec)).toEqual(none);
    expect(copyLots(asLots(10_000n), asMicros(-5n), usd(10_000n), spec)).toEqual(none);
    expect(copyLots(asLots(10_000n), usd(500n), usd(0n), spec)).toEqual(none);
    expect(copyLots(asLots(10_000n), usd(500n), asMicros(-5n), spec)).toEqual(none);
  });

  it('never opens 0 lots, even where the instrument names no minimum', () => {
    const noMinimum = { ...spec, minLots: asLots(0n) };
    // 0.01 lots × 500 / 10 000 = 0.0005: rounds to 0 at a step of 0.01.
    expect(copyLots(asLots(100n), usd(500n), usd(10_000n), noMinimum)).toEqual({
      ok: false,
      reason: 'below-min-lot',
    });
  });
});
