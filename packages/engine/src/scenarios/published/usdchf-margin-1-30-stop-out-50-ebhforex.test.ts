/**
 * Source: EBH Forex FAQ, "Common knowledge" — https://ebhforex.com/faq/common-knowledge/
 *
 * What it publishes: 1 lot of USDCHF at a fixed 1:30 takes 100 000 / 30 = "USD 3333" of margin
 * (whole dollars, truncated: the exact figure is 3333.33…). The margin call comes when equity
 * equals the margin (100 %), the stop out at 50 %: an equity of 3333 × 50 % = 1666.5 USD.
 * (Its 0.2-lot example, printed "666USD", is truncated too and is not used.)
 *
 * Reproduced to the published rounding: the engine's margin 3333.333333 truncates to 3333;
 * with 3333 of margin, equities of 3333 and 1666.5 are margin levels of exactly 100 % and 50 %.
 */
import { describe, expect, it } from 'vitest';
import {
  accountFigures,
  divide,
  formatMicros,
  marginMicros,
  parseLots,
  parseMicros,
  parsePricePoints,
  specFromDecimals,
  subtractMicros,
  USD_RATE,
} from '../../index.ts';

const USDCHF = specFromDecimals({
  id: 1,
  code: 'USDCHF',
  precision: 5,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '100',
  contractSize: '100000',
  feeRate: '0',
  marginMode: 0,
  leverage: [30],
  quoteCurrency: 'CHF',
  calcMode: 'forex',
  marginCurrency: 'USD',
});

describe('EBH Forex: 1 lot USDCHF at 1:30 → USD 3333; stop out at 50 % → equity 1666.5', () => {
  it('takes 100 000 / 30 USD of margin, 3333 in whole dollars', () => {
    // The USDCHF price is not published and does not enter (derived input).
    const margin = marginMicros(
      USDCHF,
      'buy',
      parseLots('1'),
      parsePricePoints('0.91000', 5),
      30,
      USD_RATE,
    );
    expect(formatMicros(margin)).toBe('3333.333333');
    expect(divide(margin, 1_000_000n, 'down')).toBe(3333n);
  });

  it('puts the margin call at an equity of 3333 and the stop out at 1666.5', () => {
    const margin = parseMicros('3333');
    // Derived input: a 5000 USD deposit (not published); the engine's balance is what the
    // margin left, and the floating P&L brings equity to the published figure.
    const balance = subtractMicros(parseMicros('5000'), margin);
    const at = (equity: string) =>
      accountFigures({ balance, reserved: parseMicros('0') }, [
        {
          id: 'usdchf',
          margin,
          floatingPnl: subtractMicros(parseMicros(equity), parseMicros('5000')),
        },
      ]);
    expect(formatMicros(at('3333').equity)).toBe('3333.000000');
    expect(at('3333').marginLevel).toBe(10_000n);
    expect(formatMicros(at('1666.5').equity)).toBe('1666.500000');
    expect(at('1666.5').marginLevel).toBe(5_000n);
  });
});
