/**
 * Source: Titan FX help, "What is a margin calculation formula for a crypto CFD?" —
 * https://titanfxen.zendesk.com/hc/en-us/articles/19569474206745-What-is-a-margin-calculation-formula-for-a-Crypto-CFD
 *
 * What it publishes: crypto CFD margin = volume × contract size × price ÷ leverage (at most
 * 100). BTCUSD, 1 lot, contract 1, price 23 000 → 230 USD; BCHUSD, 2 lots, contract 10, price
 * 125 → 25 USD; BTCUSD-m, 5 lots, contract 0.1, price 23 000 → 115 USD, all at 1:100. (Its
 * ETHJPY and XRPJPY examples are in JPY, which the engine keeps no account in, and are not
 * used.)
 *
 * Reproduced exactly: 230, 25 and 115 USD.
 */
import { describe, expect, it } from 'vitest';
import {
  formatMicros,
  type InstrumentSpec,
  marginMicros,
  parseLots,
  parsePricePoints,
  specFromDecimals,
  USD_RATE,
} from '../../index.ts';

const crypto = (code: string, contractSize: string): InstrumentSpec =>
  specFromDecimals({
    id: 1,
    code,
    precision: 2,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '100',
    contractSize,
    feeRate: '0',
    marginMode: 0,
    leverage: [100],
    quoteCurrency: 'USD',
    calcMode: 'cfd',
    marginCurrency: 'USD',
  });

const margin = (spec: InstrumentSpec, lots: string, price: string) =>
  formatMicros(
    marginMicros(spec, 'buy', parseLots(lots), parsePricePoints(price, 2), 100, USD_RATE),
  );

describe('Titan FX: crypto CFD margins at 1:100', () => {
  it('needs 230 USD for 1 lot BTCUSD (contract 1) at 23 000', () => {
    expect(margin(crypto('BTCUSD', '1'), '1', '23000')).toBe('230.000000');
  });

  it('needs 25 USD for 2 lots BCHUSD (contract 10) at 125', () => {
    expect(margin(crypto('BCHUSD', '10'), '2', '125')).toBe('25.000000');
  });

  it('needs 115 USD for 5 lots BTCUSD-m (contract 0.1) at 23 000', () => {
    expect(margin(crypto('BTCUSD-m', '0.1'), '5', '23000')).toBe('115.000000');
  });
});
