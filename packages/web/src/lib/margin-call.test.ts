import type { MarginCallPush } from '@tradedesk/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { marginCallOf, marginCallToastLines } from './margin-call.ts';

const STOP_OUT_AT = { Id: 1, Code: 'EURUSD', PricePrecision: 5, Price: 1.07012 };
/** An account with positions, its margin level (prepayment_ratio) at 96.8 %. */
const IN_CALL = {
  current_margin: 86_806.4,
  prepayment_ratio: 96.8,
  margin_call_level: 100,
  stop_out_at: STOP_OUT_AT,
};

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});

describe('the margin call state', () => {
  it('is below the margin call level, with positions open and a level above 0', () => {
    expect(marginCallOf(IN_CALL)).toEqual({ level: 96.8, callLevel: 100, stopOutAt: STOP_OUT_AT });
    expect(marginCallOf({ ...IN_CALL, prepayment_ratio: 100 })).toBeNull();
    expect(marginCallOf({ ...IN_CALL, prepayment_ratio: 0 })).toBeNull();
    expect(marginCallOf({ ...IN_CALL, current_margin: 0 })).toBeNull();
  });

  it('follows the server’s level, and MT5’s 100 % where a server does not say one', () => {
    expect(marginCallOf({ ...IN_CALL, prepayment_ratio: 120, margin_call_level: 150 })).not.toBe(
      null,
    );
    const { margin_call_level: _level, stop_out_at: _at, ...older } = IN_CALL;
    expect(marginCallOf(older)).toEqual({ level: 96.8, callLevel: 100, stopOutAt: null });
  });

  it('names no stop-out price where none would bring it (0)', () => {
    expect(marginCallOf({ ...IN_CALL, stop_out_at: { ...STOP_OUT_AT, Price: 0 } })?.stopOutAt).toBe(
      null,
    );
  });

  it('tells a MARGIN_CALL push: the state, the level, where stop-out is, the deposit that ends it', () => {
    const push: MarginCallPush = {
      level: 96.8,
      margin_call_level: 100,
      stage: 1,
      second_level: 75,
      deposit: 1562.5,
      stop_out_at: STOP_OUT_AT,
    };
    expect(marginCallToastLines(i18next.t, push)).toEqual([
      'Margin call',
      'Margin level 96.80% is below the margin call level of 100.00%.',
      'Stop-out if EURUSD reaches 1.07012',
      'Deposit 1,562.50 USD to bring it back to 100.00%.',
    ]);
    expect(
      marginCallToastLines(i18next.t, { ...push, stop_out_at: null, deposit: 0 }),
    ).toHaveLength(2);
  });

  it('names the second level at stage 2, halfway to stop-out', () => {
    const push: MarginCallPush = {
      level: 70.1,
      margin_call_level: 100,
      stage: 2,
      second_level: 75,
      deposit: 14_952.3,
      stop_out_at: null,
    };
    expect(marginCallToastLines(i18next.t, push).slice(1)).toEqual([
      'Margin level 70.10% is below the margin call level of 75.00%.',
      'Deposit 14,952.30 USD to bring it back to 100.00%.',
    ]);
  });
});
