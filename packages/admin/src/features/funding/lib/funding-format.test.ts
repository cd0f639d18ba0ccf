import { describe, expect, it } from 'vitest';
import {
  approveCreditLabel,
  currencyWithProtocol,
  duplicatesLabel,
  feeLabel,
  formatCurrencyAmount,
  formatUsdText,
  maxLabel,
  traderContact,
} from './funding-format.ts';

describe('funding formatting', () => {
  it('writes USD with six decimals, exactly', () => {
    expect(formatUsdText('250')).toBe('250.000000');
    expect(formatUsdText('0.1')).toBe('0.100000');
    expect(formatUsdText('12345678901.123456')).toBe('12345678901.123456');
  });

  it('says what approval credits', () => {
    expect(approveCreditLabel('250')).toBe('Approve: credit 250.000000 USD');
    expect(approveCreditLabel('250.000000')).toBe('Approve: credit 250.000000 USD');
  });

  it('names the deposits that share a proof image', () => {
    expect(duplicatesLabel([12, 15])).toBe('same image as #12, #15');
    expect(duplicatesLabel([3])).toBe('same image as #3');
  });

  it('joins a currency and its protocol, or not', () => {
    expect(currencyWithProtocol('USDT', 'TRC20')).toBe('USDT · TRC20');
    expect(currencyWithProtocol('EUR', '')).toBe('EUR');
  });

  it('gives whichever contacts a trader has', () => {
    expect(traderContact({ email: 'a@b.c', mobile: null })).toBe('a@b.c');
    expect(traderContact({ email: 'a@b.c', mobile: '+85291234567' })).toBe('a@b.c · +85291234567');
    expect(traderContact({ email: null, mobile: null })).toBe('—');
  });

  it('writes a currency amount without exponent or grouping', () => {
    expect(formatCurrencyAmount(0.0000001)).toBe('0.0000001');
    expect(formatCurrencyAmount(12500)).toBe('12500');
    expect(formatCurrencyAmount(0.12345678)).toBe('0.12345678');
  });

  it('says how a withdrawal fee is worked out', () => {
    expect(feeLabel(1, '2.5')).toBe('2.5 USD per withdrawal');
    expect(feeLabel(2, '0.005')).toBe('amount × 0.005');
  });

  it('calls a maximum of 0 none', () => {
    expect(maxLabel('0')).toBe('none');
    expect(maxLabel('0.00')).toBe('none');
    expect(maxLabel('50000')).toBe('50000');
  });
});
