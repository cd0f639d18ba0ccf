import type { Instrument } from '@tradedesk/contract';
import { stepDigits } from './order-draft.ts';

/**
 * The lots stepper's arithmetic (SPEC.md §4): lots counted in whole lot steps, between the
 * instrument's minimum and maximum, shown with the step's decimals. Counting steps keeps
 * 0.01 + 0.02 from becoming 0.030000000000000002.
 */
interface LotGrid {
  digits: number;
  /** One lot step, in units of 10^-digits lots. */
  step: number;
  min: number;
  max: number;
}

function gridOf(instrument: Pick<Instrument, 'Pip' | 'ForexMinCont' | 'ForexMaxCont'>): LotGrid {
  const digits = stepDigits(instrument.Pip);
  const units = (lots: number) => Math.round(lots * 10 ** digits);
  const step = units(instrument.Pip);
  // The minimum is at least one step, and on the grid.
  const min = Math.max(step, Math.ceil(units(instrument.ForexMinCont) / step) * step);
  const max = Math.max(min, Math.floor(units(instrument.ForexMaxCont) / step) * step);
  return { digits, step, min, max };
}

/** Grid units as the field shows them, first brought within the minimum and maximum. */
function show(units: number, grid: LotGrid): string {
  const bounded = Math.min(grid.max, Math.max(grid.min, units));
  return (bounded / 10 ** grid.digits).toFixed(grid.digits);
}

/** Typed lots in grid units, or null when they are not a number. */
function unitsOf(lots: string, grid: LotGrid): number | null {
  if (!isLotsDraft(lots) || !/\d/.test(lots)) return null;
  return Math.round(Number(lots) * 10 ** grid.digits);
}

/** Whether the stepper may go down (`-1`) or up (`1`) from `lots`. */
export function canStepLots(
  lots: string,
  instrument: Pick<Instrument, 'Pip' | 'ForexMinCont' | 'ForexMaxCont'>,
  direction: 1 | -1,
): boolean {
  const grid = gridOf(instrument);
  const units = unitsOf(lots, grid);
  if (units === null) return true;
  return direction === 1 ? units < grid.max : units > grid.min;
}

/** One lot step up or down from `lots`, within bounds; from nothing, the minimum. */
export function stepLots(
  lots: string,
  instrument: Pick<Instrument, 'Pip' | 'ForexMinCont' | 'ForexMaxCont'>,
  direction: 1 | -1,
): string {
  const grid = gridOf(instrument);
  const units = unitsOf(lots, grid);
  if (units === null) return show(grid.min, grid);
  // From between two steps, the next one in that direction.
  const next =
    direction === 1
      ? (Math.floor(units / grid.step) + 1) * grid.step
      : (Math.ceil(units / grid.step) - 1) * grid.step;
  return show(next, grid);
}

/** Whether `text` may stand in the field while being typed: digits and one decimal point. */
export function isLotsDraft(text: string): boolean {
  return /^\d*\.?\d*$/.test(text);
}
