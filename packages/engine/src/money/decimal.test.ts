import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divide, formatDecimal, parseDecimal, rescale } from './decimal.ts';
import { addMicros, formatMicros, microsToCents, microsToNumber, parseMicros } from './micros.ts';

describe('exact decimals', () => {
  it('parses and formats without floating point', () => {
    expect(parseDecimal('1.08512', 5)).toBe(108_512n);
    expect(parseDecimal('-0.5', 2)).toBe(-50n);
    expect(formatDecimal(108_512n, 5)).toBe('1.08512');
    expect(formatDecimal(-5n, 3)).toBe('-0.005');
    expect(() => parseDecimal('1.1234567', 6)).toThrow(RangeError);
    expect(() => parseDecimal('1e5', 2)).toThrow(RangeError);
    // 0.1 + 0.2 is exactly 0.3 here.
    expect(formatMicros(addMicros(parseMicros('0.1'), parseMicros('0.2')))).toBe('0.300000');
  });

  it('divides with the named rounding, symmetric around zero', () => {
    expect(divide(7n, 2n, 'half-up')).toBe(4n);
    expect(divide(-7n, 2n, 'half-up')).toBe(-4n);
    expect(divide(7n, 3n, 'half-up')).toBe(2n);
    expect(divide(7n, 2n, 'down')).toBe(3n);
    expect(divide(-7n, 2n, 'down')).toBe(-3n);
    expect(divide(7n, 3n, 'up')).toBe(3n);
    expect(divide(6n, 3n, 'up')).toBe(2n);
    expect(() => divide(1n, 0n, 'down')).toThrow('division by zero');
    // A negative divisor: the sign of the quotient is the product of the signs.
    expect(divide(7n, -2n, 'half-up')).toBe(-4n);
    expect(divide(-7n, -2n, 'half-up')).toBe(4n);
    expect(divide(-7n, -2n, 'down')).toBe(3n);
    expect(divide(7n, -3n, 'up')).toBe(-3n);
    // A rounding the type does not name is refused, never taken for 'down'.
    expect(() => divide(7n, 2n, '' as never)).toThrow('unknown rounding ""');
  });

  it('formats zero without a sign, trims what it parses, refuses what is not a decimal', () => {
    expect(formatDecimal(0n, 2)).toBe('0.00');
    expect(formatDecimal(0n, 0)).toBe('0');
    expect(parseDecimal(' 1.5 ', 1)).toBe(15n);
    expect(() => parseDecimal('1,5', 1)).toThrow('not a decimal: "1,5"');
    expect(() => parseDecimal('1.55', 1)).toThrow('1.55 has more than 1 decimals');
  });

  it('rounds balances to cents half up', () => {
    expect(microsToCents(parseMicros('10.004999'))).toBe(1000n);
    expect(microsToCents(parseMicros('10.005'))).toBe(1001n);
  });

  it('round-trips every value and keeps rescaling consistent', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.integer({ min: 0, max: 8 }),
        (value, scale) => {
          expect(parseDecimal(formatDecimal(value, scale), scale)).toBe(value);
          expect(rescale(rescale(value, scale, scale + 3, 'down'), scale + 3, scale, 'down')).toBe(
            value,
          );
        },
      ),
    );
  });

  it('makes down ≤ half-up ≤ up and keeps them within one unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (a, b) => {
          const down = divide(a, b, 'down');
          const half = divide(a, b, 'half-up');
          const up = divide(a, b, 'up');
          const abs = (x: bigint) => (x < 0n ? -x : x);
          expect(abs(down) <= abs(half) && abs(half) <= abs(up)).toBe(true);
          expect(abs(up) - abs(down) <= 1n).toBe(true);
          expect(abs(down * b) <= abs(a)).toBe(true);
        },
      ),
    );
  });
});

describe('money on the wire', () => {
  it('is a number made from the exact decimal text', () => {
    expect(microsToNumber(parseMicros('1085.08'))).toBe(1085.08);
    expect(microsToNumber(parseMicros('-0.000001'))).toBe(-0.000001);
  });
});
