import type { Instrument } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { levelPnl } from './stop-pnl.ts';

const eurusd: Instrument = {
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
const usdjpy: Instrument = {
  ...eurusd,
  Id: 2,
  Code: 'USDJPY',
  PricePrecision: 3,
  QuoteCurrency: 'JPY',
  MarginCurrency: 'USD',
  Bid: 150,
  Ask: 150.01,
};

describe('the P&L at a stop level', () => {
  it('is (close − open) × lots × units for a buy, (open − close) for a sell', () => {
    const order = { instrument: eurusd, instruments: [], lots: '0.1' };
    // Bought at 1.08508, closed at 1.07415: −0.01093 × 0.1 × 100 000 = −109.30.
    expect(levelPnl({ ...order, side: 'buy', openPrice: 1.08508, level: '1.07415' })).toBe(-109.3);
    // Sold at 1.08500, closed at 1.07423: +107.70.
    expect(levelPnl({ ...order, side: 'sell', openPrice: 1.085, level: '1.07423' })).toBe(107.7);
  });

  it('converts yen at the price the position closes at (USDJPY, MT5)', () => {
    // 1 lot bought at 150.010, closed at 151.000: 0.99 × 100 000 JPY = 99 000 JPY / 151 = 655.63 USD.
    expect(
      levelPnl({
        instrument: usdjpy,
        instruments: [],
        side: 'buy',
        lots: '1',
        openPrice: 150.01,
        level: '151.000',
      }),
    ).toBe(655.629139);
  });

  it('is nothing while the lots or the level are not figures', () => {
    const order = { instrument: eurusd, instruments: [], side: 'buy' as const, openPrice: 1.08508 };
    expect(levelPnl({ ...order, lots: '', level: '1.07' })).toBeNull();
    expect(levelPnl({ ...order, lots: '0.01', level: '' })).toBeNull();
    expect(levelPnl({ ...order, lots: '0.01', level: '1.0x' })).toBeNull();
    expect(levelPnl({ ...order, lots: '0.01', level: '1.071234' })).toBeNull();
  });
});
