import { asMicros, depositCredit, withdrawalQuote } from '@tradedesk/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_LIMIT, largestDepositNumber, largestWithdrawal } from './funding-limits.ts';

const PRICE_MAX = 10n ** 18n;

describe('the largest amounts within a limit', () => {
  it('finds the largest deposit number whose credit fits the room, and not one more', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 17n }),
        fc.bigInt({ min: 1n, max: PRICE_MAX }),
        (room, price) => {
          const largest = largestDepositNumber(room, price);
          expect(depositCredit(largest, price) <= room).toBe(true);
          expect(depositCredit(largest + 1n, price) > room).toBe(true);
        },
      ),
    );
  });

  it('finds 1 538 461.53846153 BTC at 65 000 USD within 10^11 USD', () => {
    expect(largestDepositNumber(10n ** 17n, 65_000n * 10n ** 12n)).toBe(153_846_153_846_153n);
    expect(largestDepositNumber(-1n, 1n)).toBe(0n);
  });

  it('finds the largest withdrawal whose payout fits CURRENCY_AMOUNT_MAX, next to the first above', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
        fc.bigInt({ min: 10n ** 6n, max: PRICE_MAX }),
        (feeType, drawRate, usdPrice) => {
          const terms = { feeType, drawRate, usdPrice };
          const largest = largestWithdrawal(terms);
          expect(withdrawalQuote(asMicros(largest), terms).receive <= CURRENCY_LIMIT).toBe(true);
          // A fixed fee: one micro-USD more pays out more. A rate r: the fee's rounding may hide
          // a few micro-USD, never 3 / (1 − r) of them.
          const one = 10n ** 12n;
          const step = feeType === 1 ? 1n : (3n * one + (one - drawRate) - 1n) / (one - drawRate);
          const more = withdrawalQuote(asMicros(largest + step), terms);
          expect(more.receive > CURRENCY_LIMIT).toBe(true);
        },
      ),
    );
  });

  it('pays 10^10 units for 10 001 USD at 1 000 000 per USD less a fee of 1 USD', () => {
    const terms = { feeType: 1 as const, drawRate: 10n ** 12n, usdPrice: PRICE_MAX };
    expect(largestWithdrawal(terms)).toBe(10_001n * 10n ** 6n);
    expect(withdrawalQuote(asMicros(10_001n * 10n ** 6n), terms).receive).toBe(CURRENCY_LIMIT);
  });
});
