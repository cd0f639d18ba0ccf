import { describe, expect, it } from 'vitest';
import { priceAtScaleTap } from './price-scale-tap.ts';

// A 390 px chart, its scale the rightmost 60 px, its pane 300 px high over the time scale.
const LAYOUT = { width: 390, scaleWidth: 60, paneHeight: 300 };
// 1.1 at the top, 1.0 at the bottom of the pane.
const priceAt = (y: number) => 1.1 - (y / 300) * 0.1;

describe('a tap on the price scale', () => {
  it('reads the price at its height', () => {
    expect(priceAtScaleTap({ x: 360, y: 150, moved: 0 }, LAYOUT, priceAt)).toBeCloseTo(1.05, 10);
    expect(priceAtScaleTap({ x: 330, y: 0, moved: 2 }, LAYOUT, priceAt)).toBeCloseTo(1.1, 10);
  });

  it('is not one in the pane, on the time scale, or as a drag that scaled the axis', () => {
    expect(priceAtScaleTap({ x: 329, y: 150, moved: 0 }, LAYOUT, priceAt)).toBeNull();
    expect(priceAtScaleTap({ x: 360, y: 301, moved: 0 }, LAYOUT, priceAt)).toBeNull();
    expect(priceAtScaleTap({ x: 360, y: 150, moved: 7 }, LAYOUT, priceAt)).toBeNull();
  });

  it('is nothing while the scale is hidden, or where the series has no price', () => {
    expect(
      priceAtScaleTap({ x: 389, y: 150, moved: 0 }, { ...LAYOUT, scaleWidth: 0 }, priceAt),
    ).toBeNull();
    expect(priceAtScaleTap({ x: 360, y: 150, moved: 0 }, LAYOUT, () => null)).toBeNull();
  });
});
