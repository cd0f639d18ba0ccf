import { type CurrencyRate, divideBy, toMicros } from '../instruments/conversion.ts';
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
 * (open − close) × lots × units, in the quote (profit) currency; converted to USD and rounded
 * half up, once. The conversion side is the one MT5's Profit Calculation names:
 * - forex ("by deal", MT5's default): closing a buy converts at the profit currency's ask,
 *   closing a sell at its bid, profit or loss alike; where the pair itself converts the
 *   profit currency (USDJPY, USDCHF), at the price the position closes at;
 * - other instruments: a profit at the currency's bid (what selling it fetches), a loss at
 *   its ask (what buying it costs).
 */
export function pnlMicros(
  spec: InstrumentSpec,
  side: Side,
  open: PricePoints,
  close: PricePoints,
  lots: Lots,
  profitRate: CurrencyRate,
): Micros {
  const move = side === 'buy' ? close - open : open - close;
  return toMicros(
    move * lots * spec.contractSize,
    spec.precision + LOT_SCALE + CONTRACT_SCALE,
    profitConversion(spec, side, move, close, profitRate),
    'half-up',
  );
}

function profitConversion(
  spec: InstrumentSpec,
  side: Side,
  move: bigint,
  close: PricePoints,
  profitRate: CurrencyRate,
) {
  if (spec.calcMode === 'cfd') return move >= 0n ? profitRate.bid : profitRate.ask;
  // USDxxx: the exit itself is the conversion (MT5: "the price at which the market exit has
  // been performed is used").
  if (spec.marginCurrency === 'USD') return divideBy(close, spec.precision);
  return side === 'buy' ? profitRate.ask : profitRate.bid;
}
