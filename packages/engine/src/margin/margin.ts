import {
  type Conversion,
  type CurrencyRate,
  IDENTITY,
  toMicros,
} from '../instruments/conversion.ts';
import {
  CONTRACT_SCALE,
  type InstrumentSpec,
  LOT_SCALE,
  type Lots,
  type PricePoints,
} from '../instruments/spec.ts';
import type { Micros } from '../money/micros.ts';
import type { Side } from '../pnl/pnl.ts';

/**
 * Margin of a position (SPEC.md §9, MT5's Margin Calculation), rounded once to 6 decimals of
 * USD, half up:
 * - fixed mode (MarginMode 1): lots × units per lot, in USD;
 * - forex: lots × units / leverage in the base currency (`marginCurrency`);
 * - CFDs: lots × units × price / leverage in the quote currency.
 * Converted to USD at the currency's ask for a buy and its bid for a sell. A pair quoted in
 * USD is its own conversion pair: its base is worth the order's price (a buy opens at the
 * ask, a sell at the bid, a pending order at its target), so for every XXX/USD pair this is
 * SPEC.md's formula verbatim. USDJPY 1 lot at 1:100 is 1 000 USD whatever the yen does.
 */
export function marginMicros(
  spec: InstrumentSpec,
  side: Side,
  lots: Lots,
  price: PricePoints,
  leverage: number,
  marginRate: CurrencyRate,
): Micros {
  if (spec.marginMode === 1) {
    return toMicros(lots * spec.contractSize, LOT_SCALE + CONTRACT_SCALE, IDENTITY, 'half-up');
  }
  if (!Number.isInteger(leverage) || leverage <= 0)
    throw new RangeError(`invalid leverage ${leverage}`);
  const conversion = side === 'buy' ? marginRate.ask : marginRate.bid;
  const notional = (withPrice: boolean, into: Conversion) =>
    toMicros(
      lots * spec.contractSize * (withPrice ? price : 1n),
      LOT_SCALE + CONTRACT_SCALE + (withPrice ? spec.precision : 0),
      into,
      'half-up',
      BigInt(leverage),
    );
  // CFDs: the notional in the quote currency, converted.
  if (spec.calcMode === 'cfd') return notional(true, conversion);
  // A forex pair quoted in USD converts its base at its own price: the order's.
  if (spec.quoteCurrency === 'USD') return notional(true, IDENTITY);
  // Any other pair: units of the base currency, converted (USDJPY's base needs nothing).
  return notional(false, conversion);
}
