/**
 * Source: Amalga Markets knowledge base, article KA-01039 (profit calculation), example 1 —
 * https://amalgasupport.powerappsportals.com/en-us/knowledgebase/article/KA-01039
 *
 * What it publishes: a sell of 0.1 lot EURGBP (contract 100 000 EUR) opened at 0.84979 and
 * closed at 0.84872 makes 8 497.9 − 8 487.2 = 10.7 GBP; converted to a USD account at a GBPUSD
 * rate of 1.18479: 10.7 × 1.18479 = 12.67725 USD (printed to 5 decimals; the exact product is
 * 12.677253).
 *
 * Reproduced to the published rounding (5 decimals): 12.67725 — the engine's exact
 * 12.677253 USD. A sell converts at the profit currency's bid (MT5 "by deal"); the page
 * quotes one GBPUSD rate, used as both sides.
 */
import { describe, expect, it } from 'vitest';
import {
  divide,
  formatMicros,
  parseLots,
  parsePricePoints,
  pnlMicros,
  specFromDecimals,
} from '../../index.ts';
import { rateFromUsdPair } from '../fixtures.ts';

const EURGBP = specFromDecimals({
  id: 1,
  code: 'EURGBP',
  precision: 5,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100000',
  feeRate: '0',
  marginMode: 0,
  leverage: [100],
  quoteCurrency: 'GBP',
  calcMode: 'forex',
  marginCurrency: 'EUR',
});

describe('Amalga: sell 0.1 lot EURGBP 0.84979 → 0.84872, GBPUSD 1.18479 → 12.67725 USD', () => {
  it('converts the 10.7 GBP profit at GBPUSD', () => {
    const pnl = pnlMicros(
      EURGBP,
      'sell',
      parsePricePoints('0.84979', 5),
      parsePricePoints('0.84872', 5),
      parseLots('0.1'),
      rateFromUsdPair('1.18479', 5),
    );
    expect(formatMicros(pnl)).toBe('12.677253');
    // To the page's 5 decimals: 10^-5 USD is 10 micros.
    expect(divide(pnl, 10n, 'half-up')).toBe(1_267_725n);
  });
});
