import type { Instrument, Order } from '@tradedesk/contract';
import { asLots, parseLots } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import { EURUSD, POSITION } from '../../../testing/eurusd-orders.ts';
import {
  closeRangeOf,
  formatLotsOf,
  lotsAtSteps,
  marginLevelPercent,
  previewClose,
  stepsAtShare,
} from './close-preview.ts';

const BUY = POSITION;

/** The account with only this position: 100 000 USD of equity over its margin. */
const DETAIL = { net_value: 100_009.09, current_margin: 217.016 };

const preview = (order: Order, lots: string, instrument = EURUSD, detail = DETAIL) => {
  const range = closeRangeOf(order, instrument)!;
  return previewClose({
    order,
    range,
    instrument,
    instruments: [instrument],
    detail,
    lots: parseLots(lots),
  });
};

describe('the lots a close may take', () => {
  it('runs in lot steps from the minimum to the whole position, quick shares rounding down', () => {
    const range = closeRangeOf(BUY, EURUSD)!;
    expect([range.fromSteps, range.toSteps]).toEqual([1, 10]);
    expect(formatLotsOf(lotsAtSteps(range, 5), range.spec)).toBe('0.05');
    expect(lotsAtSteps(range, 10)).toBe(range.whole);
    // 25 % of 0.10 is 0.025: the step below, 0.02; never below the least part, never past all.
    expect([0.25, 0.5, 0.75, 1].map((share) => stepsAtShare(range, share))).toEqual([2, 5, 7, 10]);
    expect(stepsAtShare(closeRangeOf({ ...BUY, Quantity: 0.02 }, EURUSD)!, 0.25)).toBe(1);
  });

  it('starts at the minimum lot where it is more than one step', () => {
    const coarse = { ...EURUSD, ForexMinCont: 0.1 };
    const range = closeRangeOf({ ...BUY, Quantity: 0.15 }, coarse)!;
    expect([range.fromSteps, range.toSteps]).toEqual([10, 15]);
    expect(formatLotsOf(lotsAtSteps(range, 3), range.spec)).toBe('0.10');
  });

  it('shows lots with the step’s decimals', () => {
    const range = closeRangeOf({ ...BUY, Quantity: 3 }, { ...EURUSD, Pip: 1, ForexMinCont: 1 })!;
    expect(formatLotsOf(asLots(30_000n), range.spec)).toBe('3');
  });
});

describe('what closing does at the quote of now', () => {
  it('closes half of a buy at the bid: its share of the P&L and margin, the rest stays open', () => {
    const result = preview(BUY, '0.05');
    expect(result?.ok).toBe(true);
    if (!result?.ok) return;
    const { preview: half } = result;
    // (1.08600 − 1.08508) × 0.05 × 100 000 = 4.60 USD, exactly.
    expect(half.pnl).toBe(4_600_000n);
    expect(half.marginReleased).toBe(108_508_000n);
    expect(half.remaining).toBe(parseLots('0.05'));
    expect(half.full).toBe(false);
    expect(half.closePrice).toBe(108_600n);
    // Equity stays 100 009.09; the margin in use halves to 108.508: 92 167.48 %, rounded down.
    expect(half.marginLevelAfter).toBe(9_216_748n);
    expect(marginLevelPercent(half.marginLevelAfter!)).toBe(92_167.48);
  });

  it('splits the margin to the micro-dollar, half away from zero, the rest to what stays', () => {
    const result = preview({ ...BUY, CautionMoney: 217.016001 }, '0.03');
    // 217.016001 × 3 / 10 = 65.1048003: 65.104800 goes back, 151.911201 stays in use.
    expect(result?.ok && result.preview.marginReleased).toBe(65_104_800n);
  });

  it('closes a sell at the ask', () => {
    const sell = { ...BUY, OrderType: 2 as const, Price: 1.087 };
    const result = preview(sell, '0.05');
    // (1.08700 − 1.08608) × 0.05 × 100 000 = +4.60 USD.
    expect(result?.ok && result.preview).toMatchObject({ closePrice: 108_608n, pnl: 4_600_000n });
  });

  it('closes all of it as the ordinary close: no margin left in use, no margin level', () => {
    const result = preview(BUY, '0.10');
    expect(result?.ok && result.preview).toMatchObject({
      full: true,
      pnl: 9_200_000n,
      marginReleased: 217_016_000n,
      remaining: 0n,
      marginLevelAfter: null,
    });
  });

  it('converts a part of USDJPY at the close, as whole less what remains', () => {
    const usdjpy = {
      ...EURUSD,
      Id: 2,
      Code: 'USDJPY',
      PricePrecision: 3,
      QuoteCurrency: 'JPY',
      MarginCurrency: 'USD',
      Bid: 152,
      Ask: 152.01,
    } as Instrument;
    const order = { ...BUY, ForexId: 2, Quantity: 1, Price: 151.5, CautionMoney: 2000 };
    const result = preview(order, '0.4', usdjpy, { net_value: 10_000, current_margin: 2000 });
    // 1 lot: 50 000 JPY / 152 = 328.947368; 0.6 lot: 197.368421; the part: 131.578947.
    expect(result?.ok && result.preview.pnl).toBe(131_578_947n);
    // 10 000 ÷ (2 000 − 800) = 833.33 %.
    expect(result?.ok && result.preview.marginLevelAfter).toBe(83_333n);
  });

  it('says why a part leaves too little open', () => {
    const coarse = { ...EURUSD, ForexMinCont: 0.1 };
    expect(preview({ ...BUY, Quantity: 0.15 }, '0.1', coarse)).toEqual({
      ok: false,
      problem: { key: 'order.remainder_below_min', values: { min: '0.10', step: '0.01' } },
    });
  });

  it('shows no margin level when the account’s figures are not known', () => {
    const range = closeRangeOf(BUY, EURUSD)!;
    const result = previewClose({
      order: BUY,
      range,
      instrument: EURUSD,
      instruments: [],
      detail: undefined,
      lots: parseLots('0.05'),
    });
    expect(result?.ok && result.preview.marginLevelAfter).toBeNull();
  });
});
