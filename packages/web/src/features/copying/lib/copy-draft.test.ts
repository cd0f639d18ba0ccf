import { describe, expect, it } from 'vitest';
import {
  type CopyDraft,
  findCopyDraftProblem,
  INITIAL_COPY_DRAFT,
  stopEquityOf,
  toCopyRequest,
} from './copy-draft.ts';

const draft = (change: Partial<CopyDraft>): CopyDraft => ({ ...INITIAL_COPY_DRAFT, ...change });

describe('copy sheet checks, as the contract and the balance would refuse', () => {
  it('starts at the contract default: a 40 % copy stop-loss, open positions not copied', () => {
    expect(INITIAL_COPY_DRAFT).toEqual({ amount: '', stopLossRate: 40, copyOpen: false });
  });

  it('asks for an amount', () => {
    expect(findCopyDraftProblem(draft({ amount: '' }), 1000)?.key).toBe('copy.amount_required');
    expect(findCopyDraftProblem(draft({ amount: '0.00' }), 1000)?.key).toBe('copy.amount_required');
  });

  it('refuses less than 100 USD, exactly at the cent', () => {
    expect(findCopyDraftProblem(draft({ amount: '99.999999' }), 1000)).toEqual({
      key: 'copy.amount_min',
      values: { min: 100 },
    });
    expect(findCopyDraftProblem(draft({ amount: '100' }), 1000)).toBeNull();
  });

  it('refuses more than the free balance, and allows all of it', () => {
    expect(findCopyDraftProblem(draft({ amount: '500.01' }), 500)?.key).toBe(
      'copy.amount_over_balance',
    );
    expect(findCopyDraftProblem(draft({ amount: '500' }), 500)).toBeNull();
    // 0.1 + 0.2 style doubles from the wire compare as their decimals.
    expect(findCopyDraftProblem(draft({ amount: '100.3' }), 100.3)).toBeNull();
  });

  it('leaves the balance to the server while it is unknown', () => {
    expect(findCopyDraftProblem(draft({ amount: '1000000' }), undefined)).toBeNull();
  });

  it('keeps the copy stop-loss within 5–95 %, whole percents', () => {
    const range = { key: 'copy.stop_loss_range', values: { min: 5, max: 95 } };
    expect(findCopyDraftProblem(draft({ amount: '500', stopLossRate: 4 }), 1000)).toEqual(range);
    expect(findCopyDraftProblem(draft({ amount: '500', stopLossRate: 96 }), 1000)).toEqual(range);
    expect(findCopyDraftProblem(draft({ amount: '500', stopLossRate: 40.5 }), 1000)).toEqual(range);
    expect(findCopyDraftProblem(draft({ amount: '500', stopLossRate: 5 }), 1000)).toBeNull();
    expect(findCopyDraftProblem(draft({ amount: '500', stopLossRate: 95 }), 1000)).toBeNull();
  });
});

describe('the equity at which the copy stops', () => {
  it('is amount × (100 − rate) / 100', () => {
    expect(stopEquityOf('500', 40)).toBe(300);
    expect(stopEquityOf('100', 5)).toBe(95);
    expect(stopEquityOf('1234.56', 95)).toBe(61.728);
  });

  it('is exact in micro-dollars, where floats are not', () => {
    // 0.7 × 100.1 in floats is 70.07000000000001.
    expect(stopEquityOf('100.1', 30)).toBe(70.07);
    // 123.456789 × 0.6 = 74.0740734 → half up at the micro-dollar.
    expect(stopEquityOf('123.456789', 40)).toBe(74.074073);
  });

  it('is nothing until there is an amount', () => {
    expect(stopEquityOf('', 40)).toBeNull();
    expect(stopEquityOf('0', 40)).toBeNull();
  });
});

describe('the copy request', () => {
  it('sends the amount as the decimal text typed, never a float', () => {
    expect(
      toCopyRequest(41, draft({ amount: '500.50', stopLossRate: 25, copyOpen: true })),
    ).toEqual({ id: 41, amount: '500.50', copy_sl_rate: 25, copy_open: 1 });
    expect(toCopyRequest(41, draft({ amount: '250.' }))).toMatchObject({
      amount: '250',
      copy_open: 0,
    });
  });
});
