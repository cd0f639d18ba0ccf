/** Where a tap landed on the chart, in CSS pixels from its box's top left corner. */
export interface ChartTap {
  readonly x: number;
  readonly y: number;
  /** How far the pointer went between press and release: more is a drag (scaling), not a tap. */
  readonly moved: number;
}

/** The chart's parts the tap is measured against, in CSS pixels. */
export interface ChartLayout {
  readonly width: number;
  /** The right price scale's width: it is the rightmost strip of the chart. */
  readonly scaleWidth: number;
  /** The pane's height: below it, the time scale. */
  readonly paneHeight: number;
}

/** A press that moved further than this scaled the axis; a finger wobbles a little. */
const TAP_SLOP = 6;

/**
 * The price of a tap on the right price scale, or null for a tap elsewhere or a drag. The
 * library reports clicks in the pane only, so the scale's taps are told apart here.
 */
export function priceAtScaleTap(
  tap: ChartTap,
  layout: ChartLayout,
  priceAt: (y: number) => number | null,
): number | null {
  if (tap.moved > TAP_SLOP || layout.scaleWidth <= 0) return null;
  if (tap.x < layout.width - layout.scaleWidth || tap.x > layout.width) return null;
  if (tap.y < 0 || tap.y > layout.paneHeight) return null;
  return priceAt(tap.y);
}
