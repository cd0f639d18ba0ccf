import { describe, expect, it } from 'vitest';
import { formatScaled, wireToScaled } from './decimal-text.ts';

describe('wireToScaled', () => {
  it('reads the number’s decimal text exactly', () => {
    expect(wireToScaled(0.1, 12)).toBe(100_000_000_000n);
    expect(wireToScaled(0.001, 12)).toBe(1_000_000_000n);
    expect(wireToScaled(1.08512, 5)).toBe(108_512n);
    expect(wireToScaled(65000, 12)).toBe(65_000_000_000_000_000n);
  });

  it('expands exponent forms', () => {
    expect(wireToScaled(1e-7, 12)).toBe(100_000n);
    expect(wireToScaled(0.0000153, 12)).toBe(15_300_000n);
  });

  it('rounds half up when the number has more decimals than the scale', () => {
    expect(wireToScaled(0.1234565, 6)).toBe(123_457n);
    expect(wireToScaled(0.1234564, 6)).toBe(123_456n);
  });
});

describe('formatScaled', () => {
  it('drops trailing zeros but keeps two decimals, grouped', () => {
    expect(formatScaled(1_500_000n, 6)).toBe('1.50');
    expect(formatScaled(105_000n, 6)).toBe('0.105');
    expect(formatScaled(123_456n, 8)).toBe('0.00123456');
    expect(formatScaled(1_234_567_000_000n, 6)).toBe('1,234,567.00');
    expect(formatScaled(0n, 8)).toBe('0.00');
  });

  it('keeps as few decimals as asked', () => {
    expect(formatScaled(7_000_000n, 6, 0)).toBe('7');
  });
});
