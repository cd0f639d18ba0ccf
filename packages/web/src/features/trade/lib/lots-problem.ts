import type { Instrument } from '@tradedesk/contract';
import { checkLots, formatDecimal, LOT_SCALE, type Lots, parseLots } from '@tradedesk/engine';
import { specOf } from './instrument-spec.ts';

/** What is wrong with the lots typed, as the i18n key of the message under the field. */
export type LotsProblem =
  | { key: 'trade.lots_min'; values: { min: string } }
  | { key: 'trade.lots_max'; values: { max: string } }
  | { key: 'trade.lots_off_step'; values: { step: string } };

/** Lots as the instrument shows them: 0.0100 → "0.01", 5.0000 → "5". */
const shown = (lots: Lots) => formatDecimal(lots, LOT_SCALE).replace(/\.?0+$/, '');

/**
 * Why these lots cannot be sent (SPEC.md §5: required, not below the lot step; DECISIONS.md:
 * within the minimum and maximum, a whole number of steps), with the engine's own check, so
 * the form refuses what the server would. Nothing is rounded or replaced: 0.015 on a 0.01
 * step is refused, not sent as 0.02. Null when they can be sent.
 */
export function findLotsProblem(lots: string, instrument: Instrument): LotsProblem | null {
  const spec = specOf(instrument);
  // The smallest order is one step, even where the minimum says less (an order of nothing).
  // (Not Math.max: these are bigints.)
  let least = spec.lotStep;
  if (spec.minLots > least) least = spec.minLots;
  const belowLeast: LotsProblem = { key: 'trade.lots_min', values: { min: shown(least) } };
  const offStep: LotsProblem = {
    key: 'trade.lots_off_step',
    values: { step: shown(spec.lotStep) },
  };
  if (!/\d/.test(lots)) return belowLeast;
  let parsed: Lots;
  try {
    parsed = parseLots(lots);
  } catch {
    // Finer than the engine counts lots (10⁻⁴): certainly not on the step.
    return offStep;
  }
  if (parsed < least) return belowLeast;
  const check = checkLots(spec, parsed);
  if (check.ok) return null;
  if (check.reason === 'LOTS_ABOVE_MAX')
    return { key: 'trade.lots_max', values: { max: shown(spec.maxLots) } };
  if (check.reason === 'LOTS_OFF_STEP') return offStep;
  return belowLeast;
}
