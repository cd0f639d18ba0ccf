import { describe, expect, it } from 'vitest';
import { toSaveParams } from './config-values.ts';

describe('toSaveParams', () => {
  it('trims texts, keeps other values and the decimal text exactly', () => {
    expect(
      toSaveParams({ currency_code: ' USDT ', price_usd: '1.000000000000 ', enabled: false }, 4),
    ).toEqual({ currency_code: 'USDT', price_usd: '1.000000000000', enabled: false, id: 4 });
  });

  it('sends no id for a new row', () => {
    expect(toSaveParams({ code: 'EUR', type: 2 }, undefined)).toEqual({ code: 'EUR', type: 2 });
  });
});
