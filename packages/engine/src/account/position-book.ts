import type { CurrencyRate } from '../instruments/conversion.ts';
import { microsRatio, toMicros } from '../instruments/conversion.ts';
import type { InstrumentSpec, Lots, PricePoints } from '../instruments/spec.ts';
import { addMicros, asMicros, type Micros, subtractMicros, ZERO_MICROS } from '../money/micros.ts';
import { closingPrice, type Quote } from '../orders/position.ts';
import { exactPnl, pnlMicros, type Side, signFreeConversion } from '../pnl/pnl.ts';
import type { QuoteOf, ScreenedPosition } from '../stop-out/stop-out-screen.ts';

// An account's open positions summed per instrument and side, so that valuing the account
// costs a few operations per instrument held, not per position (issue 39). A side's P&L is
// linear in the closing price: buy Σ(close − open) × lots = close × Σlots − Σ(open × lots), and
// the positions of one side convert at one rate (MT5's rules name the rate by side; a CFD
// whose rate follows each position's sign is valued position by position). Each position's
// P&L is rounded once on its own (what the trader sees and what a close realizes), so the sum
// of n of them lies within n/2 micro-USD of the exact sum: a range that decides every
// comparison not within that much of its edge; the caller values each position only then.

/** An open position as the book holds it. */
export interface BookedPosition {
  instrumentId: number;
  side: Side;
  lots: Lots;
  openPrice: PricePoints;
  margin: Micros;
}

/** One side of one instrument, summed. */
export interface SideTotals {
  count: number;
  /** Σ lots. */
  lots: bigint;
  /** Σ open price × lots (points × 10^-4 lots). */
  openPointLots: bigint;
  /** Σ margin. */
  margin: Micros;
}

/** What the account holds of one instrument: each side summed, and the positions themselves. */
export interface InstrumentHolding<K> {
  instrumentId: number;
  buy: SideTotals;
  sell: SideTotals;
  positions: Map<K, BookedPosition>;
}

/** Bounds of an amount: low ≤ amount ≤ high (equal when it is known exactly). */
export interface MicrosRange {
  low: Micros;
  high: Micros;
}

/** What valuing an instrument's positions reads: its spec, its quote, its profit currency's rate. */
export interface HoldingMarket {
  spec: InstrumentSpec;
  quote: Quote;
  profitRate: CurrencyRate;
}

const SIDES: readonly Side[] = ['buy', 'sell'];

const noTotals = (): SideTotals => ({
  count: 0,
  lots: 0n,
  openPointLots: 0n,
  margin: ZERO_MICROS,
});

function change(totals: SideTotals, position: BookedPosition, sign: 1 | -1): void {
  const s = BigInt(sign);
  totals.count += sign;
  totals.lots += s * position.lots;
  totals.openPointLots += s * position.openPrice * position.lots;
  totals.margin = asMicros(totals.margin + s * position.margin);
}

/** An account's open positions by key (an order id), summed per instrument and side as they come and go. */
export function createPositionBook<K>() {
  const holdings = new Map<number, InstrumentHolding<K>>();
  const byKey = new Map<K, BookedPosition>();
  let usedMargin = ZERO_MICROS;

  return {
    /** Adds a position; a key already held is replaced (the order changed). */
    add(key: K, position: BookedPosition): void {
      this.remove(key);
      let holding = holdings.get(position.instrumentId);
      if (!holding) {
        holding = {
          instrumentId: position.instrumentId,
          buy: noTotals(),
          sell: noTotals(),
          positions: new Map(),
        };
        holdings.set(position.instrumentId, holding);
      }
      change(holding[position.side], position, 1);
      holding.positions.set(key, position);
      byKey.set(key, position);
      usedMargin = addMicros(usedMargin, position.margin);
    },
    /** Takes a position out; false when the key is not held. */
    remove(key: K): boolean {
      const position = byKey.get(key);
      if (!position) return false;
      byKey.delete(key);
      usedMargin = subtractMicros(usedMargin, position.margin);
      const holding = holdings.get(position.instrumentId)!;
      change(holding[position.side], position, -1);
      holding.positions.delete(key);
      if (holding.positions.size === 0) holdings.delete(position.instrumentId);
      return true;
    },
    get size(): number {
      return byKey.size;
    },
    /** Σ margins of the positions held. */
    get usedMargin(): Micros {
      return usedMargin;
    },
    holdings: (): IterableIterator<InstrumentHolding<K>> => holdings.values(),
    positions: (): IterableIterator<[K, BookedPosition]> => byKey.entries(),
  };
}

export type PositionBook<K> = ReturnType<typeof createPositionBook<K>>;

/** ⌈a / b⌉ for b > 0. */
function ceilDivide(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n ? q + 1n : q;
}

/** ⌊a / b⌋ for b > 0. */
function floorDivide(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/**
 * The summed P&L of one side's positions closing at `close`, each rounded as {@link pnlMicros}
 * rounds it: exact for one position; for n, the exact sum ± n/2 micro-USD (a half-up rounding
 * moves a value by at most half a unit either way). The side must convert sign-free.
 */
export function sidePnlRange(
  spec: InstrumentSpec,
  side: Side,
  totals: SideTotals,
  close: PricePoints,
  profitRate: CurrencyRate,
): MicrosRange {
  const pointLots =
    side === 'buy'
      ? close * totals.lots - totals.openPointLots
      : totals.openPointLots - close * totals.lots;
  const { amount, scale, conversion } = exactPnl(spec, side, pointLots, close, profitRate);
  if (totals.count === 1) {
    const value = toMicros(amount, scale, conversion, 'half-up');
    return { low: value, high: value };
  }
  const { numerator, denominator } = microsRatio(amount, scale, conversion);
  const n = BigInt(totals.count);
  return {
    low: asMicros(ceilDivide(2n * numerator - n * denominator, 2n * denominator)),
    high: asMicros(floorDivide(2n * numerator + n * denominator, 2n * denominator)),
  };
}

/** Σ P&L of one side's positions, each valued on its own (the exact figure). */
function sidePnlExact<K>(holding: InstrumentHolding<K>, side: Side, market: HoldingMarket): Micros {
  const close = closingPrice(side, market.quote);
  let sum = ZERO_MICROS;
  for (const p of holding.positions.values())
    if (p.side === side)
      sum = addMicros(
        sum,
        pnlMicros(market.spec, side, p.openPrice, close, p.lots, market.profitRate),
      );
  return sum;
}

/**
 * The floating P&L of one instrument's positions at its quote: per side from its sums, or
 * position by position where a CFD's rate follows each position's sign.
 */
export function holdingPnlRange<K>(
  holding: InstrumentHolding<K>,
  market: HoldingMarket,
): MicrosRange {
  const signFree = signFreeConversion(market.spec, market.profitRate);
  let low = ZERO_MICROS;
  let high = ZERO_MICROS;
  for (const side of SIDES) {
    const totals = holding[side];
    if (totals.count === 0) continue;
    const range = signFree
      ? sidePnlRange(market.spec, side, totals, closingPrice(side, market.quote), market.profitRate)
      : exactRange(sidePnlExact(holding, side, market));
    low = addMicros(low, range.low);
    high = addMicros(high, range.high);
  }
  return { low, high };
}

const exactRange = (value: Micros): MicrosRange => ({ low: value, high: value });

/** The book's floating P&L at the markets `marketOf` answers, bounded: O(instruments held). */
export function bookPnlRange<K>(
  book: PositionBook<K>,
  marketOf: (instrumentId: number) => HoldingMarket,
): MicrosRange {
  let low = ZERO_MICROS;
  let high = ZERO_MICROS;
  for (const holding of book.holdings()) {
    const range = holdingPnlRange(holding, marketOf(holding.instrumentId));
    low = addMicros(low, range.low);
    high = addMicros(high, range.high);
  }
  return { low, high };
}

/** The book's floating P&L exactly, each position valued: O(positions), for when a range cannot decide. */
export function bookPnlExact<K>(
  book: PositionBook<K>,
  marketOf: (instrumentId: number) => HoldingMarket,
): Micros {
  let sum = ZERO_MICROS;
  for (const holding of book.holdings()) {
    const market = marketOf(holding.instrumentId);
    for (const side of SIDES)
      if (holding[side].count > 0) sum = addMicros(sum, sidePnlExact(holding, side, market));
  }
  return sum;
}

/**
 * The book as the stop-out screen values it: one entry per side of each instrument, its
 * margin and the least its P&L may be at any quotes (the range's low end). The screen takes
 * each entry's worst box corner, where both sides of every quote are one price, so every
 * side converts sign-free there; a lower bound keeps the screen's proof a proof.
 */
export function screenedSides<K>(
  book: PositionBook<K>,
  marketAt: (instrumentId: number, quoteOf: QuoteOf) => HoldingMarket,
): ScreenedPosition[] {
  const screened: ScreenedPosition[] = [];
  for (const holding of book.holdings())
    for (const side of SIDES) {
      const totals = holding[side];
      if (totals.count === 0) continue;
      screened.push({
        margin: totals.margin,
        pnlAt(quoteOf) {
          const market = marketAt(holding.instrumentId, quoteOf);
          const close = closingPrice(side, market.quote);
          return signFreeConversion(market.spec, market.profitRate)
            ? sidePnlRange(market.spec, side, totals, close, market.profitRate).low
            : sidePnlExact(holding, side, market);
        },
      });
    }
  return screened;
}
