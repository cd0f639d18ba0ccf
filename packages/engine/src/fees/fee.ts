import { IDENTITY, toMicros } from '../instruments/conversion.ts';
import { type InstrumentSpec, LOT_SCALE, type Lots, RATE_SCALE } from '../instruments/spec.ts';
import { divide } from '../money/decimal.ts';
import { asMicros, type Micros } from '../money/micros.ts';

/** trade_fee_type (SPEC.md §9): 1 lots × fee rate (USD per lot); otherwise margin × fee rate. */
export type FeeType = 1 | 2;

/** The fee charged at open, in micro-USD, rounded half up. */
export function feeMicros(
  spec: InstrumentSpec,
  lots: Lots,
  margin: Micros,
  feeType: FeeType,
): Micros {
  if (feeType === 1)
    return toMicros(lots * spec.feeRate, LOT_SCALE + RATE_SCALE, IDENTITY, 'half-up');
  // Micros × a rate at 10^-8, back to micros: rounded once, here.
  return asMicros(divide(margin * spec.feeRate, 10n ** BigInt(RATE_SCALE), 'half-up'));
}
