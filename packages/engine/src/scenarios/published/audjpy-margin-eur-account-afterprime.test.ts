/**
 * Source: Afterprime help, "How do I calculate required margin for FX trades?" —
 * https://help.afterprime.com/en/trading/how-do-i-calculate-required-margin-for-fx-trades
 *
 * What it publishes: FX margin is lots × 100 000 / leverage in the base (front) currency.
 * Example for a EUR account: 1 lot AUDJPY at 1:100 needs 1 000 AUD, converted to EUR by dividing
 * by the EURAUD rate, 1.59106 for example: 1 000 ÷ 1.59106 = 628.51 EUR.
 *
 * The engine keeps accounts in USD, but its arithmetic does not depend on the deposit
 * currency's name: here the account's unit stands for EUR, and AUD converts into it through a
 * pair whose base is the deposit currency (EURAUD), inverted — the same path as a USDxxx pair.
 *
 * Reproduced to the published rounding (cents): 628.51 (engine 628.511810 before rounding).
 */
import { describe, expect, it } from 'vitest';
import {
  marginMicros,
  microsToCents,
  parseLots,
  parsePricePoints,
  specFromDecimals,
} from '../../index.ts';
import { rateFromInversePair } from '../fixtures.ts';

const AUDJPY = specFromDecimals({
  id: 1,
  code: 'AUDJPY',
  precision: 3,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100000',
  feeRate: '0',
  marginMode: 0,
  leverage: [100],
  quoteCurrency: 'JPY',
  calcMode: 'forex',
  marginCurrency: 'AUD',
});

/** AUD in the deposit currency (EUR): 1 / EURAUD. */
const audInEur = rateFromInversePair('1.59106', 5);

describe('Afterprime: 1 lot AUDJPY at 1:100 in a EUR account → 628.51 EUR', () => {
  it('takes 1000 AUD and divides by EURAUD 1.59106', () => {
    // The AUDJPY price is not published and does not enter (derived input).
    const margin = marginMicros(
      AUDJPY,
      'buy',
      parseLots('1'),
      parsePricePoints('97.500', 3),
      100,
      audInEur,
    );
    expect(microsToCents(margin)).toBe(62_851n);
  });
});
