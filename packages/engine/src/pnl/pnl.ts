import {
  type Conversion,
  type CurrencyRate,
  divideBy,
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
  const { amount, scale, conversion } = exactPnl(spec, side, move * lots, close, profitRate);
  return toMicros(amount, scale, conversion, 'half-up');
}

/** A P&L before its one rounding: `amount` at `scale` in the profit currency, and its conversion. */
export interface ExactPnl {
  amount: bigint;
  scale: number;
  conversion: Conversion;
}

/**
 * The P&L of `pointLots` (the move in price points × lots, signed as the position gains)
 * closing at `close`, before rounding: what {@link pnlMicros} rounds for one position, and
 * what a book sums for several positions of one side of one instrument (they convert at one
 * rate, unless a CFD's conversion follows each position's own sign: see
 * {@link signFreeConversion}).
 */
export function exactPnl(
  spec: InstrumentSpec,
  side: Side,
  pointLots: bigint,
  close: PricePoints,
  profitRate: CurrencyRate,
): ExactPnl {
  return {
    amount: pointLots * spec.contractSize,
    scale: spec.precision + LOT_SCALE + CONTRACT_SCALE,
    conversion: profitConversion(spec, side, pointLots, close, profitRate),
  };
}

/**
 * Whether every position of a side converts its P&L at one rate whatever its sign: always for
 * forex; for other instruments only when the profit currency's bid and ask are equal (USD,
 * or a box corner where both sides of a quote are one price).
 */
export function signFreeConversion(spec: InstrumentSpec, profitRate: CurrencyRate): boolean {
  if (spec.calcMode !== 'cfd') return true;
  const { bid, ask } = profitRate;
  return bid.numerator * ask.denominator === ask.numerator * bid.denominator;
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
