import { type Conversion, IDENTITY, toMicros } from '../instruments/conversion.ts';
import {
  CONTRACT_SCALE,
  type InstrumentSpec,
  LOT_SCALE,
  type Lots,
  type PricePoints,
} from '../instruments/spec.ts';
import type { Micros } from '../money/micros.ts';

/**
 * Margin of a position (SPEC.md §9), rounded to 6 decimals of USD: fixed mode (MarginMode 1),
 * lots × units per lot; otherwise lots × units × price / leverage, converted from the quote
 * currency, rounded once.
 */
export function marginMicros(
  spec: InstrumentSpec,
  lots: Lots,
  price: PricePoints,
  leverage: number,
  conversion: Conversion,
): Micros {
  if (spec.marginMode === 1) {
    return toMicros(lots * spec.contractSize, LOT_SCALE + CONTRACT_SCALE, IDENTITY, 'half-up');
  }
  if (!Number.isInteger(leverage) || leverage <= 0)
    throw new RangeError(`invalid leverage ${leverage}`);
  const notional = lots * spec.contractSize * price;
  return toMicros(
    notional,
    LOT_SCALE + CONTRACT_SCALE + spec.precision,
    conversion,
    'half-up',
    BigInt(leverage),
  );
}
