import type { Instrument } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { previewOrder } from './order-preview.ts';

const base: Instrument = {
  Id: 1,
  Code: 'EURUSD',
  ShowCode: 'EURUSD',
  Name: 'Euro / US Dollar',
  Logo: '',
  CategoryId: 1,
  MarketStatus: 1,
  NextOpen: null,
  PricePrecision: 5,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexMaxCont: 100,
  ForexContNum: 100000,
  ForexFeeRate: 0.0005,
  MarginMode: 0,
  HasForexMultiple: [{ Value: 100 }],
  Spread: 0.00008,
  QuoteCurrency: 'USD',
  CalcMode: 'forex',
  MarginCurrency: 'EUR',
  Schedule: 'forex',
  Bid: 1.085,
  Ask: 1.08508,
  Seq: 1,
  ForexQuotations: { Open: 1, Close: 1.085, Change: 0, High: 1, Low: 1, Volume: 0 },
};

describe('the order preview', () => {
  it("shows the server's margin and fee for SPEC.md §9's formulas", () => {
    // 1 lot × 100 000 × 1.08508 / 100 = 1 085.08; fee type 2: × 0.0005 = 0.54254.
    expect(
      previewOrder({
        instrument: base,
        instruments: [base],
        side: 'buy',
        lots: '1',
        leverage: 100,
        price: 1.08508,
        feeType: 2,
      }),
    ).toEqual({ margin: 1085.08, fee: 0.54254 });
    // Fee type 1: lots × rate.
    expect(
      previewOrder({
        instrument: base,
        instruments: [base],
        side: 'buy',
        lots: '2',
        leverage: 100,
        price: 1.08508,
        feeType: 1,
      }),
    ).toEqual({ margin: 2170.16, fee: 0.001 });
  });

  it("prices a cross in its base currency at that currency's ask for a buy, bid for a sell (MT5)", () => {
    const eurjpy = {
      ...base,
      Id: 3,
      Code: 'EURJPY',
      PricePrecision: 3,
      QuoteCurrency: 'JPY',
      Bid: 162.5,
      Ask: 162.51,
    };
    const order = { instrument: eurjpy, instruments: [base, eurjpy], lots: '1', leverage: 100 };
    // 1 × 100 000 / 100 EUR = 1 000 EUR, at EURUSD's ask 1.08508 (buy) or bid 1.085 (sell).
    expect(previewOrder({ ...order, side: 'buy', price: 162.51, feeType: 2 })?.margin).toBe(
      1085.08,
    );
    expect(previewOrder({ ...order, side: 'sell', price: 162.5, feeType: 2 })?.margin).toBe(1085);
  });

  it('prices USDJPY in dollars (1 lot at 1:100 is 1 000 USD), and previews nothing without a rate', () => {
    const usdjpy = {
      ...base,
      Id: 2,
      Code: 'USDJPY',
      PricePrecision: 3,
      QuoteCurrency: 'JPY',
      MarginCurrency: 'USD',
      Bid: 150,
      Ask: 150.01,
    };
    const order = {
      instrument: usdjpy,
      side: 'buy' as const,
      lots: '1',
      leverage: 100,
      price: 150.01,
    };
    expect(previewOrder({ ...order, instruments: [usdjpy], feeType: 2 })?.margin).toBe(1000);
    const gbpusd = {
      ...base,
      Id: 4,
      Code: 'GBPUSD',
      MarginCurrency: 'GBP',
      Bid: 1.27,
      Ask: 1.27008,
    };
    const eurgbp = { ...base, Id: 5, Code: 'EURGBP', QuoteCurrency: 'GBP', Bid: 0.854 };
    // EURGBP's margin is in euros: without EURUSD listed there is no rate for it.
    expect(
      previewOrder({
        ...order,
        instrument: eurgbp,
        instruments: [gbpusd, eurgbp],
        price: 0.854,
        feeType: 2,
      }),
    ).toBeNull();
  });

  it('fixed margin ignores leverage; an unfinished input previews nothing', () => {
    const fixed = { ...base, MarginMode: 1 as const, ForexContNum: 500, HasForexMultiple: [] };
    const input = {
      instrument: fixed,
      instruments: [fixed],
      side: 'buy' as const,
      price: 1,
      feeType: 2,
    };
    expect(previewOrder({ ...input, lots: '0.5', leverage: 0 })?.margin).toBe(250);
    expect(previewOrder({ ...input, lots: '', leverage: 0 })).toBeNull();
    expect(previewOrder({ ...input, lots: '0', leverage: 0 })).toBeNull();
    const leveraged = { ...input, instrument: base, instruments: [base] };
    expect(previewOrder({ ...leveraged, lots: '1', leverage: 0 })).toBeNull();
  });
});
