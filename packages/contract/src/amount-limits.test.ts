import { describe, expect, it } from 'vitest';
import {
  CURRENCY_AMOUNT_MAX,
  FUNDING_PRICE_MAX,
  INT64_MAX,
  isDecimalAtMost,
  USD_AMOUNT_MAX,
} from './amount-limits.ts';
import {
  CURRENCY_AMOUNT_DECIMALS,
  FUNDING_RATE_DECIMALS,
  USD_AMOUNT_DECIMALS,
} from './constants.ts';
import { RESULT_ISSUE } from './http/fields.ts';
import { drawRequestSchema } from './http/funding.ts';

describe('amount limits', () => {
  it.each([
    ['USD_AMOUNT_MAX', USD_AMOUNT_MAX, USD_AMOUNT_DECIMALS],
    ['CURRENCY_AMOUNT_MAX', CURRENCY_AMOUNT_MAX, CURRENCY_AMOUNT_DECIMALS],
    ['FUNDING_PRICE_MAX', FUNDING_PRICE_MAX, FUNDING_RATE_DECIMALS],
  ])('%s at its scale fits a 64-bit column, written as the wire takes it', (_, limit, decimals) => {
    expect(BigInt(limit) * 10n ** BigInt(decimals) <= INT64_MAX).toBe(true);
    // Plain decimal text of at most 12 integer digits (contract/src/http/fields.ts).
    expect(limit).toMatch(/^\d{1,12}$/);
  });

  it('is the largest power of ten that fits, for a currency and a price', () => {
    expect(BigInt(CURRENCY_AMOUNT_MAX) * 10n * 10n ** 8n > INT64_MAX).toBe(true);
    expect(BigInt(FUNDING_PRICE_MAX) * 10n * 10n ** 12n > INT64_MAX).toBe(true);
  });

  it('keeps USD 90 times below its column (room for trading results on a full balance)', () => {
    expect(BigInt(USD_AMOUNT_MAX) * 10n ** 6n * 90n <= INT64_MAX).toBe(true);
    // The next power of ten has 13 digits: no plain decimal of the wire could reach it.
    expect(String(BigInt(USD_AMOUNT_MAX) * 10n)).toHaveLength(13);
  });

  it('compares decimal text with a limit exactly', () => {
    expect(isDecimalAtMost('10000000000', CURRENCY_AMOUNT_MAX)).toBe(true);
    expect(isDecimalAtMost('10000000000.0', CURRENCY_AMOUNT_MAX)).toBe(true);
    expect(isDecimalAtMost('9999999999.99999999', CURRENCY_AMOUNT_MAX)).toBe(true);
    expect(isDecimalAtMost('10000000000.00000001', CURRENCY_AMOUNT_MAX)).toBe(false);
    expect(isDecimalAtMost('99999999999', CURRENCY_AMOUNT_MAX)).toBe(false);
    expect(isDecimalAtMost('0', CURRENCY_AMOUNT_MAX)).toBe(true);
  });

  it('has a bounded field name the result above its limit', () => {
    const valid = { draw_currency_id: 1, draw_method_id: 1 };
    expect(drawRequestSchema.safeParse({ ...valid, number: USD_AMOUNT_MAX }).success).toBe(true);
    const above = drawRequestSchema.safeParse({ ...valid, number: '100000000000.000001' });
    expect(above.error?.issues).toMatchObject([
      {
        code: 'custom',
        path: ['number'],
        message: RESULT_ISSUE,
        params: { result: 'AMOUNT_ABOVE_MAX', vars: { max: USD_AMOUNT_MAX } },
      },
    ]);
  });
});
