import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../money/decimal.ts';
import { asMicros, parseMicros } from '../money/micros.ts';
import {
  CURRENCY_SCALE,
  depositCredit,
  FUNDING_RATE_SCALE,
  type WithdrawFeeType,
  withdrawalQuote,
} from './funding-math.ts';

const rate = (text: string) => parseDecimal(text, FUNDING_RATE_SCALE);
const units = (text: string) => parseDecimal(text, CURRENCY_SCALE);
const terms = (feeType: WithdrawFeeType, drawRate: string, usdPrice: string) => ({
  feeType,
  drawRate: rate(drawRate),
  usdPrice: rate(usdPrice),
});

describe('withdrawal fee and receive amount (SPEC.md §9)', () => {
  it('takes a fixed fee when fee_type is 1: 100 USD, fee 2, at 1 USDT per USD → 98 USDT', () => {
    const quote = withdrawalQuote(parseMicros('100'), terms(1, '2', '1'));
    expect(quote.fee).toBe(parseMicros('2'));
    expect(quote.receive).toBe(units('98'));
  });

  it('takes amount × rate otherwise: 1000 USD at 0.5 % → fee 5, 995 × 0.92 EUR = 915.4 EUR', () => {
    const quote = withdrawalQuote(parseMicros('1000'), terms(2, '0.005', '0.92'));
    expect(quote.fee).toBe(parseMicros('5'));
    expect(quote.receive).toBe(units('915.4'));
  });

  it('floors the receive amount at 0 when the fee takes everything', () => {
    expect(withdrawalQuote(parseMicros('1.5'), terms(1, '2', '1'))).toEqual({
      fee: parseMicros('2'),
      receive: 0n,
    });
    expect(withdrawalQuote(parseMicros('2'), terms(1, '2', '1')).receive).toBe(0n);
  });

  it('rounds the fee half up to a micro-USD and the receive amount down to 10^-8', () => {
    // 33.333333 × 0.1 % = 0.033333333 → 0.033333; (33.3 − 0.033333) × 0.000015384615 BTC.
    const quote = withdrawalQuote(parseMicros('33.333333'), terms(2, '0.001', '0.000015384615'));
    expect(quote.fee).toBe(parseMicros('0.033333'));
    // 33.3 × 0.000015384615 = 0.0005123076795 → 0.00051230 BTC.
    expect(quote.receive).toBe(units('0.0005123'));
  });

  it('never promises more than (amount − fee) × price and never less than a unit below it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.constantFrom<WithdrawFeeType>(1, 2),
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (amount, feeType, drawRate, usdPrice) => {
          const micros = asMicros(amount);
          const quote = withdrawalQuote(micros, { feeType, drawRate, usdPrice });
          expect(quote.fee >= 0n).toBe(true);
          expect(quote.receive >= 0n).toBe(true);
          const exact = (micros - quote.fee) * usdPrice; // at 10^-18
          const scaled = quote.receive * 10n ** 10n;
          if (micros - quote.fee <= 0n) expect(quote.receive).toBe(0n);
          else {
            expect(scaled <= exact).toBe(true);
            expect(exact - scaled < 10n ** 10n).toBe(true);
          }
        },
      ),
    );
  });
});

describe('deposit credit', () => {
  it('credits number × price_usd: 250 USDT at 1 → 250 USD; 0.015 BTC at 65000 → 975 USD', () => {
    expect(depositCredit(units('250'), rate('1'))).toBe(parseMicros('250'));
    expect(depositCredit(units('0.015'), rate('65000'))).toBe(parseMicros('975'));
  });

  it('rounds down to the micro-USD', () => {
    // 0.00000001 BTC × 65432.1 = 0.000654321 USD → 0.000654.
    expect(depositCredit(units('0.00000001'), rate('65432.1'))).toBe(parseMicros('0.000654'));
  });

  it('credits nothing for a non-positive number or price (a malformed proof is never a debit)', () => {
    expect(depositCredit(units('-1'), rate('65000'))).toBe(0n);
    expect(depositCredit(units('1'), rate('-1'))).toBe(0n);
    expect(depositCredit(units('0'), rate('1'))).toBe(0n);
  });
});
