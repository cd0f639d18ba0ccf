/**
 * Source: InstaForex, "Calculation of collateral — currency pairs" —
 * https://www.instaforex.com/support/in/trading-conditions/calculator/calculation-of-collateral/currency-pairs
 *
 * What it publishes: a 1 000 USD account at 1:100, where 1 lot is 10 000 units.
 * - Buy 1 lot EURUSD at 1.5442: 10 000 × 1.5442 = 15 442 USD, margin 15 442 / 100 = 154.42 USD;
 *   free margin 1 000 − 154.42 = 845.58 USD.
 * - Then 2 lots GBPUSD at 1.9627: 20 000 × 1.9627 = 39 254 USD, margin 392.54 USD; free margin
 *   1 000 − 154.42 − 392.54 = 453.04 USD; margin in use 546.96 USD.
 *
 * Reproduced exactly: 154.42, 845.58, 392.54, 453.04 and 546.96 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  accountFigures,
  addMicros,
  formatMicros,
  type InstrumentSpec,
  type Micros,
  NO_PRICE,
  openAtMarket,
  parseLots,
  parseMicros,
  parsePricePoints,
  specFromDecimals,
  sumMicros,
  USD_RATE,
  ZERO_MICROS,
} from '../../index.ts';
import { rateFromUsdPair } from '../fixtures.ts';

const miniLot = (code: string): InstrumentSpec =>
  specFromDecimals({
    id: 1,
    code,
    precision: 4,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '100',
    contractSize: '10000',
    feeRate: '0',
    marginMode: 0,
    leverage: [100],
    quoteCurrency: 'USD',
    calcMode: 'forex',
    marginCurrency: code.slice(0, 3),
  });

/** Buys `lots` at `price` (bid = ask: the page quotes one rate) from an account of `balance`. */
function buy(
  balance: Micros,
  freeMargin: Micros,
  spec: InstrumentSpec,
  lots: string,
  price: string,
) {
  const points = parsePricePoints(price, 4);
  const opened = openAtMarket(
    { balance, freeMargin },
    {
      spec,
      quote: { bid: points, ask: points },
      rates: { margin: rateFromUsdPair(price, 4), profit: USD_RATE },
      feeType: 2,
    },
    { side: 'buy', lots: parseLots(lots), leverage: 100, takeProfit: NO_PRICE, stopLoss: NO_PRICE },
  );
  if (!opened.ok) throw new Error(opened.reason);
  return {
    margin: opened.position.margin,
    balance: addMicros(balance, sumMicros(opened.ledger.map((entry) => entry.amount))),
  };
}

describe('InstaForex: EURUSD then GBPUSD mini lots in a 1000 USD account at 1:100', () => {
  it('leaves 845.58 USD free after 1 lot EURUSD, 453.04 after 2 lots GBPUSD', () => {
    const deposit = parseMicros('1000');
    const eur = buy(deposit, deposit, miniLot('EURUSD'), '1', '1.5442');
    expect(formatMicros(eur.margin)).toBe('154.420000');
    const afterEur = accountFigures({ balance: eur.balance, reserved: ZERO_MICROS }, [
      { id: 'eurusd', margin: eur.margin, floatingPnl: ZERO_MICROS },
    ]);
    expect(formatMicros(afterEur.freeMargin)).toBe('845.580000');

    const gbp = buy(eur.balance, afterEur.freeMargin, miniLot('GBPUSD'), '2', '1.9627');
    expect(formatMicros(gbp.margin)).toBe('392.540000');
    const afterGbp = accountFigures({ balance: gbp.balance, reserved: ZERO_MICROS }, [
      { id: 'eurusd', margin: eur.margin, floatingPnl: ZERO_MICROS },
      { id: 'gbpusd', margin: gbp.margin, floatingPnl: ZERO_MICROS },
    ]);
    expect(formatMicros(afterGbp.freeMargin)).toBe('453.040000');
    expect(formatMicros(afterGbp.usedMargin)).toBe('546.960000');
    // Derived, not published: with nothing floating, equity is still the 1000 USD deposit.
    expect(afterGbp.equity).toBe(deposit);
  });
});
