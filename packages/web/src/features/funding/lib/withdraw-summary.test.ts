import type { BoundMethod, DrawCurrency } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { estimateWithdrawal } from './estimates.ts';
import { summarizeWithdrawal } from './withdraw-summary.ts';

const USDT: DrawCurrency = {
  id: 1,
  code: 'USDT',
  protocol: 'TRC20',
  draw_rate: 1,
  fee_type: 1,
  usd_price: 1,
  min: 10,
  max: 0,
};

const EUR: DrawCurrency = { ...USDT, id: 2, code: 'EUR', protocol: '', usd_price: 0.92 };

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
  usable: true,
};

const bank: BoundMethod = {
  ...coin,
  type: 2,
  draw_id: 2,
  draw_currency: { code: 'EUR', protocol: '' },
  dc_address: '',
  bank_name: 'Deutsche Bank',
  payee_name: 'Chan Tai Man',
  payee_account: 'DE89370400440532013000',
};

describe('summarizeWithdrawal', () => {
  it('sends a coin withdrawal to the address, naming the currency with its network', () => {
    const estimate = estimateWithdrawal('100', USDT);
    expect(
      summarizeWithdrawal({ type: 1, number: '100', currency: USDT, method: coin, estimate }),
    ).toEqual({
      amount: '100.00',
      fee: '1.00',
      receive: '99.00',
      code: 'USDT',
      currency: 'USDT · TRC20',
      destination: 'TXYZ1234567890',
    });
  });

  it('sends a bank withdrawal to the bank and the account’s last digits', () => {
    const estimate = estimateWithdrawal('100.5', EUR);
    expect(
      summarizeWithdrawal({ type: 2, number: '100.5', currency: EUR, method: bank, estimate }),
    ).toEqual({
      amount: '100.50',
      fee: '1.00',
      receive: '91.54',
      code: 'EUR',
      currency: 'EUR',
      destination: 'Deutsche Bank · Chan Tai Man · ****3000',
    });
  });

  it('shows a dash for figures the estimate could not give', () => {
    const summary = summarizeWithdrawal({
      type: 1,
      number: '100',
      currency: USDT,
      method: coin,
      estimate: null,
    });
    expect([summary.fee, summary.receive]).toEqual(['—', '—']);
  });
});
