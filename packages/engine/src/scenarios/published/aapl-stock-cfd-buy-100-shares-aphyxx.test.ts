/**
 * Source: Aphyxx, trading examples (an IG-style worked example) — https://www.aphyxx.com/?p=197
 *
 * What it publishes (its Apple share CFD example): AAPL quoted 122.52 / 122.67; buying 100
 * shares fills at the ask, 122.67, a notional of 12 267 USD; at a 5 % margin the page shows
 * "613 USD" (whole dollars; 5 % of 12 267 is 613.35). Closing at the bid of 129.52 makes
 * 6.85 × 100 = 685 USD before a 20 USD commission, 665 USD after it; closing at 117.52 loses
 * 515 USD before and 535 USD after it.
 *
 * Reproduced: the margin to the published rounding (613; engine 613.35); the P&L exactly
 * (685, 665, −515, −535 USD). The page's 20 USD commission is the page's own figure, subtracted
 * in the test; it is not the engine's opening fee.
 */
import { describe, expect, it } from 'vitest';
import {
  closeAt,
  divide,
  formatMicros,
  type Market,
  NO_PRICE,
  openAtMarket,
  parseLots,
  parseMicros,
  parsePricePoints,
  specFromDecimals,
  subtractMicros,
} from '../../index.ts';
import { USD_ONLY } from '../fixtures.ts';

const AAPL = specFromDecimals({
  id: 1,
  code: 'AAPL',
  precision: 2,
  lotStep: '1',
  minLots: '1',
  maxLots: '10000',
  // A lot is one share.
  contractSize: '1',
  feeRate: '0',
  marginMode: 0,
  // A 5 % margin is leverage 1:20.
  leverage: [20],
  quoteCurrency: 'USD',
  calcMode: 'cfd',
  marginCurrency: 'USD',
});

const market: Market = {
  spec: AAPL,
  quote: { bid: parsePricePoints('122.52', 2), ask: parsePricePoints('122.67', 2) },
  rates: USD_ONLY,
  feeType: 2,
};
const commission = parseMicros('20');

describe('Aphyxx: buy 100 AAPL share CFDs at the ask 122.67, 5 % margin', () => {
  const opened = openAtMarket(
    { balance: parseMicros('10000'), freeMargin: parseMicros('10000') },
    market,
    { side: 'buy', lots: parseLots('100'), leverage: 20, takeProfit: NO_PRICE, stopLoss: NO_PRICE },
  );
  if (!opened.ok) throw new Error(opened.reason);
  const { position } = opened;

  it('fills at the ask and takes 613 USD of margin (613.35)', () => {
    expect(position.openPrice).toBe(parsePricePoints('122.67', 2));
    expect(formatMicros(position.margin)).toBe('613.350000');
    expect(divide(position.margin, 1_000_000n, 'half-up')).toBe(613n);
  });

  it('makes 685 USD (665 after commission) closed at the bid 129.52', () => {
    const { pnl } = closeAt(position, market, parsePricePoints('129.52', 2));
    expect(formatMicros(pnl)).toBe('685.000000');
    expect(formatMicros(subtractMicros(pnl, commission))).toBe('665.000000');
  });

  it('loses 515 USD (535 after commission) closed at 117.52', () => {
    const { pnl } = closeAt(position, market, parsePricePoints('117.52', 2));
    expect(formatMicros(pnl)).toBe('-515.000000');
    expect(formatMicros(subtractMicros(pnl, commission))).toBe('-535.000000');
  });
});
