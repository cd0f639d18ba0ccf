/**
 * Source: BabyPips forums, "Question about margin, $ required to put on a trade, etc." —
 * https://forums.babypips.com/t/question-about-margin-required-to-put-on-a-trade-etc/1461
 *
 * What it publishes (10 000-unit mini lots):
 * - USDCHF, base USD: one 10K lot at 400:1 sets aside 10 000 / 400 = $25;
 * - GBPUSD at 1.9800: one 10K lot is worth $19 800, so $198.00 at 100:1 and $49.50 at 400:1;
 *   at 400:1, 3 lots need $148.50, 5 lots $247.50 and 10 lots $495.00.
 *
 * Reproduced exactly: 25, 198.00, 49.50, 148.50, 247.50, 495.00 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  marginMicros,
  parseLots,
  parsePricePoints,
  specFromDecimals,
  USD_RATE,
} from '../../index.ts';
import { rateFromUsdPair } from '../fixtures.ts';

const miniLot = (code: string, quoteCurrency: string) =>
  specFromDecimals({
    id: 1,
    code,
    precision: 5,
    lotStep: '1',
    minLots: '1',
    maxLots: '100',
    contractSize: '10000',
    feeRate: '0',
    marginMode: 0,
    leverage: [100, 400],
    quoteCurrency,
    calcMode: 'forex',
    marginCurrency: code.slice(0, 3),
  });
const GBPUSD = miniLot('GBPUSD', 'USD');
const USDCHF = miniLot('USDCHF', 'CHF');

const gbpusd = (lots: string, leverage: number) =>
  formatMicros(
    marginMicros(
      GBPUSD,
      'buy',
      parseLots(lots),
      parsePricePoints('1.9800', 5),
      leverage,
      rateFromUsdPair('1.9800', 5),
    ),
  );

describe('BabyPips forum: margin of 10K mini lots', () => {
  it('sets aside $25 for one USDCHF lot at 400:1, whatever the price', () => {
    // The USDCHF price is not published; any price gives the same margin (derived input),
    // and so does a sell (derived).
    const price = parsePricePoints('0.98000', 5);
    for (const side of ['buy', 'sell'] as const) {
      expect(formatMicros(marginMicros(USDCHF, side, parseLots('1'), price, 400, USD_RATE))).toBe(
        '25.000000',
      );
    }
  });

  it('sets aside $198.00 at 100:1 and $49.50 at 400:1 for one GBPUSD lot at 1.9800', () => {
    expect(gbpusd('1', 100)).toBe('198.000000');
    expect(gbpusd('1', 400)).toBe('49.500000');
  });

  it('sets aside $148.50, $247.50 and $495.00 for 3, 5 and 10 lots at 400:1', () => {
    expect(gbpusd('3', 400)).toBe('148.500000');
    expect(gbpusd('5', 400)).toBe('247.500000');
    expect(gbpusd('10', 400)).toBe('495.000000');
  });
});
