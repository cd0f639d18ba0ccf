/**
 * Source: AeronFX, "Cryptocurrency" (worked Bitcoin CFD trades) — https://aeronfx.io/cryptocurrency/
 *
 * What it publishes (one BTC contract): selling at 17 000 and buying back at 16 000 makes
 * $1 000; had the market risen to a stop at 17 700, the loss would have been $700; buying at
 * 16 500 and selling at 17 100 makes $600. (The page's swap figures do not match their own
 * inputs and are not used.)
 *
 * Reproduced exactly: +1000, −700 and +600 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  checkStops,
  exitTriggers,
  formatMicros,
  NO_PRICE,
  parseLots,
  parsePricePoints,
  pnlMicros,
  type Side,
  specFromDecimals,
  USD_RATE,
} from '../../index.ts';

const BTCUSD = specFromDecimals({
  id: 1,
  code: 'BTCUSD',
  precision: 2,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '1',
  feeRate: '0',
  marginMode: 0,
  leverage: [2],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

const price = (text: string) => parsePricePoints(text, 2);
const pnl = (side: Side, open: string, close: string) =>
  formatMicros(pnlMicros(BTCUSD, side, price(open), price(close), parseLots('1'), USD_RATE));

describe('AeronFX: one Bitcoin CFD contract', () => {
  it('makes $1000 selling at 17 000 and buying back at 16 000', () => {
    expect(pnl('sell', '17000', '16000')).toBe('1000.000000');
  });

  it('loses $700 on the same short stopped at 17 700', () => {
    // A short's stop loss sits above the price and is watched on the ask.
    expect(checkStops('sell', price('17000'), price('17000'), NO_PRICE, price('17700'))).toEqual({
      ok: true,
    });
    expect(exitTriggers(1, 'sell', NO_PRICE, price('17700'))).toEqual([
      { key: '1:sl', side: 'ask', direction: 'at-or-above', level: price('17700') },
    ]);
    expect(pnl('sell', '17000', '17700')).toBe('-700.000000');
  });

  it('makes $600 buying at 16 500 and selling at 17 100', () => {
    expect(pnl('buy', '16500', '17100')).toBe('600.000000');
  });
});
