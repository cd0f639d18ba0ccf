import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToPoints, pointsToNumber } from './prices.ts';

describe('price points', () => {
  it('converts decimals exactly', () => {
    expect(decimalToPoints('1.08512', 5)).toBe(108_512);
    expect(decimalToPoints('151.5', 3)).toBe(151_500);
    expect(decimalToPoints('97000', 2)).toBe(9_700_000);
    expect(() => decimalToPoints('1.123456', 5)).toThrow();
    expect(() => decimalToPoints('1e5', 2)).toThrow();
    expect(pointsToNumber(108_512, 5)).toBe(1.08512);
    expect(pointsToNumber(5, 3)).toBe(0.005);
    expect(pointsToNumber(-5, 3)).toBe(-0.005);
    expect(pointsToNumber(151_500, 3)).toBe(151.5);
    expect(pointsToNumber(9_700_000, 0)).toBe(9_700_000);
  });

  it('gives wire numbers that read back as the same points at every precision', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        fc.integer({ min: 0, max: 6 }),
        (points, precision) => {
          const wire = pointsToNumber(points, precision);
          expect(decimalToPoints(String(wire), precision)).toBe(points);
        },
      ),
    );
  });
});
