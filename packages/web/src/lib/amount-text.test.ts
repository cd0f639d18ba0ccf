import { describe, expect, it } from 'vitest';
import { amountToSend, cleanAmountInput } from './amount-text.ts';

describe('cleanAmountInput', () => {
  it('keeps digits and one point, reading a comma as the point', () => {
    expect(cleanAmountInput('12a3', 6)).toBe('123');
    expect(cleanAmountInput('1,5', 6)).toBe('1.5');
    expect(cleanAmountInput('1.2.3', 6)).toBe('1.23');
    expect(cleanAmountInput('-5', 6)).toBe('5');
    expect(cleanAmountInput('', 6)).toBe('');
  });

  it('cuts the decimals the currency cannot carry', () => {
    expect(cleanAmountInput('0.1234567', 6)).toBe('0.123456');
    expect(cleanAmountInput('0.123456789', 8)).toBe('0.12345678');
    expect(cleanAmountInput('10.5', 0)).toBe('10');
  });

  it('writes a leading point as 0. and collapses leading zeros', () => {
    expect(cleanAmountInput('.5', 6)).toBe('0.5');
    expect(cleanAmountInput('007', 6)).toBe('7');
    expect(cleanAmountInput('00.5', 6)).toBe('0.5');
  });

  it('keeps at most 12 integer digits', () => {
    expect(cleanAmountInput('1234567890123', 6)).toBe('123456789012');
  });
});

describe('amountToSend', () => {
  it('answers the text of a positive amount', () => {
    expect(amountToSend('100')).toBe('100');
    expect(amountToSend('0.5')).toBe('0.5');
    expect(amountToSend('5.')).toBe('5');
  });

  it('answers null for no amount', () => {
    expect(amountToSend('')).toBeNull();
    expect(amountToSend('0')).toBeNull();
    expect(amountToSend('0.000')).toBeNull();
    expect(amountToSend('.')).toBeNull();
  });
});
