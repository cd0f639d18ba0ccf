import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  decimalProblem,
  isPlainDecimal,
  isZeroDecimal,
  maxBelowMinProblem,
  padDecimals,
} from './decimal-text.ts';

describe('decimalProblem', () => {
  const rate = { maxDecimals: 12 };

  it('accepts plain decimals within the scale', () => {
    for (const text of ['0', '1', '0.5', '250', '0.000010500000', '999999999999.5', ' 12.5 '])
      expect(decimalProblem(text, rate)).toBeUndefined();
  });

  it('refuses what the server would refuse: signs, exponents, commas, letters, bare points', () => {
    for (const text of ['-1', '+1', '1e-7', '1,5', '1,000', 'abc', '.5', '5.', '0x10', '1.2.3'])
      expect(decimalProblem(text, rate)).toMatch(/Digits with an optional decimal point/);
  });

  it('asks for a value when empty', () => {
    expect(decimalProblem('  ', rate)).toBe('Enter a number');
  });

  it('bounds the integer digits at 12', () => {
    expect(decimalProblem('1234567890123', rate)).toBe(
      'At most 12 digits before the decimal point',
    );
  });

  it('counts significant decimals only, as the server drops trailing zeros', () => {
    expect(decimalProblem('1.12345600000000', { maxDecimals: 6 })).toBeUndefined();
    expect(decimalProblem('1.1234567', { maxDecimals: 6 })).toBe('At most 6 decimals');
  });

  it('refuses zero where a positive value is needed, in any spelling', () => {
    for (const text of ['0', '0.000', '000'])
      expect(decimalProblem(text, { maxDecimals: 12, positive: true })).toBe('Must be more than 0');
    expect(decimalProblem('0.000000000001', { maxDecimals: 12, positive: true })).toBeUndefined();
  });
});

describe('compareDecimals', () => {
  it('orders exactly, whatever the zeros', () => {
    expect(compareDecimals('10', '9.99')).toBeGreaterThan(0);
    expect(compareDecimals('0.1', '0.10000')).toBe(0);
    expect(compareDecimals('007', '7.0')).toBe(0);
    expect(compareDecimals('0.30000000000000004', '0.3')).toBeGreaterThan(0);
    expect(compareDecimals('100', '1000')).toBeLessThan(0);
    expect(compareDecimals('1.05', '1.5')).toBeLessThan(0);
  });

  it('throws on text that is no decimal rather than guess', () => {
    expect(() => compareDecimals('1e3', '5')).toThrow();
  });
});

describe('padDecimals', () => {
  it('appends zeros up to the digits', () => {
    expect(padDecimals('250', 6)).toBe('250.000000');
    expect(padDecimals('0.5', 6)).toBe('0.500000');
    expect(padDecimals('12.345678', 6)).toBe('12.345678');
  });

  it('never rounds a longer fraction and leaves other text alone', () => {
    expect(padDecimals('0.12345678', 6)).toBe('0.12345678');
    expect(padDecimals('—', 6)).toBe('—');
  });
});

describe('isPlainDecimal and isZeroDecimal', () => {
  it('tell decimals and zeros apart', () => {
    expect(isPlainDecimal('1.5')).toBe(true);
    expect(isPlainDecimal('1e5')).toBe(false);
    expect(isZeroDecimal('0.0')).toBe(true);
    expect(isZeroDecimal('0.01')).toBe(false);
  });
});

describe('maxBelowMinProblem', () => {
  it('takes 0 as no maximum and refuses a maximum under the minimum', () => {
    expect(maxBelowMinProblem('10', '0')).toBeUndefined();
    expect(maxBelowMinProblem('10', '0.000')).toBeUndefined();
    expect(maxBelowMinProblem('10', '10.0')).toBeUndefined();
    expect(maxBelowMinProblem('10', '50000')).toBeUndefined();
    expect(maxBelowMinProblem('10', '9.999999')).toBe('Below the minimum (0 for no maximum)');
  });

  it('leaves text that is no decimal to the field’s own check', () => {
    expect(maxBelowMinProblem('abc', '5')).toBeUndefined();
  });
});
