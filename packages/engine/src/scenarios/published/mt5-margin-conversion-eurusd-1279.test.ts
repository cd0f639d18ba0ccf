/**
 * Source: MetaTrader 5 Manager help, "Margin Calculation: Retail Forex, CFD, Futures", section
 * on converting into the deposit currency —
 * https://support.metaquotes.net/en/docs/mt5/manager/trading_advanced/margin_forex#conversion
 *
 * What it publishes: buying 1 lot of EURUSD at 1:100 needs a basic margin of 1 000 EUR; with a
 * USD deposit, that margin is converted at the current rate of the margin currency, the Ask for
 * a buy (the Bid for a sell); at an Ask of 1.2790 the margin comes to 1 279 USD. MetaQuotes'
 * administrator help adds that when the traded pair itself converts the margin currency
 * (EURUSD for a USD deposit), the deal's own price is the rate.
 *
 * Reproduced exactly: 1279 USD (a whole number on the page).
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  marginMicros,
  NO_PRICE,
  openAtMarket,
  parseLots,
  parseMicros,
  parsePricePoints,
  specFromDecimals,
  USD_RATE,
} from '../../index.ts';
import { rateFromUsdPair } from '../fixtures.ts';

const EURUSD = specFromDecimals({
  id: 1,
  code: 'EURUSD',
  precision: 4,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100000',
  feeRate: '0',
  marginMode: 0,
  leverage: [100],
  quoteCurrency: 'USD',
  calcMode: 'forex',
  marginCurrency: 'EUR',
});

describe('MT5 help: 1 lot EURUSD bought at 1:100 with an Ask of 1.2790 needs 1279 USD', () => {
  it('converts the 1000 EUR basic margin at the buy price', () => {
    const ask = parsePricePoints('1.2790', 4);
    expect(
      formatMicros(
        marginMicros(EURUSD, 'buy', parseLots('1'), ask, 100, rateFromUsdPair('1.2790', 4)),
      ),
    ).toBe('1279.000000');
  });

  it('charges the same 1279 USD when the buy opens at market on that Ask', () => {
    // Only the Ask is published; the Bid is set equal to it (derived input, not published).
    const ask = parsePricePoints('1.2790', 4);
    const opened = openAtMarket(
      { balance: parseMicros('10000'), freeMargin: parseMicros('10000') },
      {
        spec: EURUSD,
        quote: { bid: ask, ask },
        rates: { margin: rateFromUsdPair('1.2790', 4), profit: USD_RATE },
        feeType: 2,
      },
      {
        side: 'buy',
        lots: parseLots('1'),
        leverage: 100,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
      },
    );
    if (!opened.ok) throw new Error(opened.reason);
    expect(formatMicros(opened.position.margin)).toBe('1279.000000');
  });
});
