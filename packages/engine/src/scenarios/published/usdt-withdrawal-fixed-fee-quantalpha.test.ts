/**
 * Source: QuantAlpha FAQ, "How do I withdraw?" —
 * https://quantalpha.co/en/faq/wallet-deposits-withdrawals-cmotmqg8l0003vf1kqhpsr5gy/how-do-i-withdraw-cmotn1jfq001qvf1komp99y4q
 *
 * What it publishes: the withdrawal form deducts a fixed transaction fee from the amount; for
 * example, withdrawing 100 USDT with a fee of 0.5 USDT, you receive 99.5 USDT.
 *
 * Reproduced exactly: fee 0.5, received 99.5 USDT. The engine's withdrawal amount and fixed
 * fee are in USD; valuing USDT at 1 per USD (the engine's usd_price) is an input of the test,
 * not a published figure — the page's own balance is in USDT, so the identity is its case.
 *
 * No broker page with a worked percentage withdrawal fee (fee_type 2) was found; none is tested.
 */
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_SCALE,
  FUNDING_RATE_SCALE,
  formatMicros,
  parseDecimal,
  parseMicros,
  withdrawalQuote,
} from '../../index.ts';

describe('QuantAlpha: withdraw 100 USDT with a 0.5 USDT fee → receive 99.5 USDT', () => {
  it('deducts the fixed fee from the amount', () => {
    const quote = withdrawalQuote(parseMicros('100'), {
      feeType: 1,
      drawRate: parseDecimal('0.5', FUNDING_RATE_SCALE),
      usdPrice: parseDecimal('1', FUNDING_RATE_SCALE),
    });
    expect(formatMicros(quote.fee)).toBe('0.500000');
    expect(quote.receive).toBe(parseDecimal('99.5', CURRENCY_SCALE));
  });
});
