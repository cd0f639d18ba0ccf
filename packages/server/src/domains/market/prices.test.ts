import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToPoints, formatPoints, pointsToNumber } from './prices.ts';

describe('price points', () => {
  it('converts decimals exactly', () => {
    expect(decimalToPoints('1.08512', 5)).toBe(108_512);
    expect(decimalToPoints('151.5', 3)).toBe(151_500);
    expect(decimalToPoints('97000', 2)).toBe(9_700_000);
    expect(() => decimalToPoints('1.123456', 5)).toThrow();
    expect(formatPoints(108_512, 5)).toBe('1.08512');
    expect(formatPoints(5, 3)).toBe('0.005');
    expect(pointsToNumber(151_500, 3)).toBe(151.5);
  });

  it('round-trips every point value at every precision', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 6 }),
        (points, precision) => {
          expect(decimalToPoints(formatPoints(points, precision), precision)).toBe(points);
        },
      ),
    );
  });
});
