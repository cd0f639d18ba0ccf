import { type Conversion, toMicros } from '../instruments/conversion.ts';
import {
  CONTRACT_SCALE,
  type InstrumentSpec,
  LOT_SCALE,
  type Lots,
  type PricePoints,
} from '../instruments/spec.ts';
import type { Micros } from '../money/micros.ts';

export type Side = 'buy' | 'sell';

/**
 * Profit or loss of a position (DECISIONS.md): buy (close − open) × lots × units, sell
 * (open − close) × lots × units, converted to USD and rounded half up, once.
 */
export function pnlMicros(
  spec: InstrumentSpec,
  side: Side,
  open: PricePoints,
  close: PricePoints,
  lots: Lots,
  conversion: Conversion,
): Micros {
  const move = side === 'buy' ? close - open : open - close;
  return toMicros(
    move * lots * spec.contractSize,
    spec.precision + LOT_SCALE + CONTRACT_SCALE,
    conversion,
    'half-up',
  );
}
