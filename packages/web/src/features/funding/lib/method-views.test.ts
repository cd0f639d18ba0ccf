import type { BoundMethod } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { describeMethod, isMethodUsable } from './method-views.ts';

const coin: BoundMethod = {
  id: 4,
  type: 1,
  draw_id: 1,
  draw_currency: { code: 'USDT', protocol: 'TRC20' },
  dc_address: 'TXYZ1234567890',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  currency: '',
  remark: '',
  created_at: '2025-03-04 10:00:00',
  usable_at: '2025-03-05 10:00:00',
  usable: false,
};

describe('isMethodUsable', () => {
  const at = (text: string) => Date.parse(text);

  it('follows the server while the cooling-off lasts', () => {
    expect(isMethodUsable(coin, at('2025-03-05T09:59:59Z'))).toBe(false);
    expect(isMethodUsable({ ...coin, usable: true }, at('2025-03-05T09:59:59Z'))).toBe(true);
  });

  it('counts a cooling-off that ended while the page was open', () => {
    expect(isMethodUsable(coin, at('2025-03-05T10:00:00Z'))).toBe(true);
  });

  it('treats an unreadable time as not yet', () => {
    expect(isMethodUsable({ ...coin, usable_at: '' }, at('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('describeMethod', () => {
  it('shows a coin method by its address and network', () => {
    expect(describeMethod(coin)).toEqual({ title: 'TXYZ1234567890', detail: 'USDT · TRC20' });
  });

  it('shows a bank account by its bank and the account’s last digits', () => {
    const bank: BoundMethod = {
      ...coin,
      type: 2,
      draw_currency: { code: 'EUR', protocol: '' },
      dc_address: '',
      bank_name: 'Deutsche Bank',
      payee_name: 'Chan Tai Man',
      payee_account: 'DE89370400440532013000',
    };
    expect(describeMethod(bank)).toEqual({
      title: 'Deutsche Bank',
      detail: 'Chan Tai Man · ****3000',
    });
  });
});
