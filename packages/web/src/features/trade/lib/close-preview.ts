import type { ForexDetail, Instrument, Order } from '@tradedesk/contract';
import {
  asLots,
  closePartAt,
  closingPrice,
  divide,
  formatDecimal,
  type InstrumentSpec,
  LOT_SCALE,
  type Lots,
  type Micros,
  type PartialCloseRefusal,
  type PricePoints,
  parseLots,
  pnlMicros,
  RATIO_SCALE,
  type Side,
  subtractMicros,
} from '@tradedesk/engine';
import { wireMicros } from '../../../lib/format.ts';
import { specOf, toPoints, usdRateOf } from './instrument-spec.ts';

/**
 * What closing all or part of a position does (issue 40; MT4 and MT5 close a part at market
 * and keep the rest open at the same price), with the engine's own arithmetic so the sheet
 * shows what the server will book: `closePartAt` for a part, `pnlMicros` for the whole.
 */

/** The least part that may close: the minimum lot, at least one step (bigints: not Math.max). */
function leastPart(spec: InstrumentSpec): Lots {
  let least = spec.lotStep;
  if (spec.minLots > least) least = spec.minLots;
  return least;
}

/** The lots a close may take, as whole lot steps: from the least part to the whole position. */
export interface CloseRange {
  spec: InstrumentSpec;
  whole: Lots;
  /** Steps of the least part (the minimum lot, at least one step) and of the whole. */
  fromSteps: number;
  toSteps: number;
}

/** The slider's range for a position; null when the instrument's figures are not decimals. */
export function closeRangeOf(order: Order, instrument: Instrument): CloseRange | null {
  try {
    const spec = specOf(instrument);
    const whole = parseLots(String(order.Quantity));
    const step = spec.lotStep;
    const least = leastPart(spec);
    const fromSteps = Number((least + step - 1n) / step);
    // A position off the step (an old lot step) still closes whole at the top of the range.
    const toSteps = Math.max(fromSteps, Number((whole + step - 1n) / step));
    return { spec, whole, fromSteps, toSteps };
  } catch {
    return null;
  }
}

/** The lots at `steps` along the range: the whole position at its top. */
export function lotsAtSteps(range: CloseRange, steps: number): Lots {
  if (steps >= range.toSteps) return range.whole;
  return asLots(BigInt(Math.max(steps, range.fromSteps)) * range.spec.lotStep);
}

/** The steps nearest below `share` (0–1) of the whole, within the range: a quick choice. */
export function stepsAtShare(range: CloseRange, share: number): number {
  const steps = Math.floor(range.toSteps * share);
  return Math.min(range.toSteps, Math.max(range.fromSteps, steps));
}

/** Lots as the instrument's step shows them: 0.0500 → "0.05" on a 0.01 step. */
export function formatLotsOf(lots: Lots, spec: InstrumentSpec): string {
  const text = formatDecimal(spec.lotStep, LOT_SCALE).replace(/0+$/, '');
  const digits = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const shown = formatDecimal(lots, LOT_SCALE);
  return digits === 0 ? shown.split('.')[0]! : shown.slice(0, shown.length - (LOT_SCALE - digits));
}

/** Why a part cannot be closed, as the i18n key said in place of the figures. */
export interface CloseProblem {
  key: string;
  values?: Record<string, string>;
}

const PROBLEM_KEYS: Readonly<Record<PartialCloseRefusal, string>> = {
  PART_NOT_LESS_THAN_WHOLE: 'order.close_all_instead',
  LOTS_BELOW_MIN: 'order.part_below_min',
  LOTS_OFF_STEP: 'order.part_off_step',
  REMAINDER_BELOW_MIN: 'order.remainder_below_min',
  REMAINDER_OFF_STEP: 'order.part_off_step',
};

export interface ClosePreview {
  lots: Lots;
  /** The whole position: closed by the ordinary close. */
  full: boolean;
  /** The price it closes at now: the bid of a buy, the ask of a sell. */
  closePrice: PricePoints;
  /** Realised P&L of what closes, before fees (its fee was charged at open). */
  pnl: Micros;
  /** The margin that goes back to the balance. */
  marginReleased: Micros;
  remaining: Lots;
  /**
   * The account's margin level after it (equity ÷ used margin) at 10^-4, RATIO_SCALE's unit,
   * which is hundredths of a percent (10 000 is 100.00 %); rounded down as the server rounds
   * it. Null when no margin remains in use, or the account's figures are not known.
   */
  marginLevelAfter: bigint | null;
}

/**
 * Closing `lots` of a position at the quote of `instrument` (the close price of its side),
 * the account's figures (`detail`) as they are now. Equity does not change: the part's margin
 * and P&L move from the position to the balance, no micro-dollar made or lost; the used margin
 * falls by what is released. A part the engine refuses says why.
 */
export function previewClose(input: {
  order: Order;
  range: CloseRange;
  instrument: Instrument;
  instruments: readonly Instrument[];
  detail: Pick<ForexDetail, 'net_value' | 'current_margin'> | undefined;
  lots: Lots;
}): { ok: true; preview: ClosePreview } | { ok: false; problem: CloseProblem } | null {
  const { order, range, instrument, lots } = input;
  const { spec } = range;
  const side: Side = order.OrderType === 1 ? 'buy' : 'sell';
  try {
    const precision = instrument.PricePrecision;
    const quote = {
      bid: toPoints(instrument.Bid, precision),
      ask: toPoints(instrument.Ask, precision),
    };
    const price = closingPrice(side, quote);
    const openPrice = toPoints(order.Price, precision);
    const profit = usdRateOf(instrument.QuoteCurrency, [instrument, ...input.instruments]);
    const margin = wireMicros(order.CautionMoney);
    let pnl: Micros;
    let marginReleased: Micros;
    let remaining: Lots;
    if (lots >= range.whole) {
      pnl = pnlMicros(spec, side, openPrice, price, range.whole, profit);
      marginReleased = margin;
      remaining = asLots(0n);
    } else {
      const position = {
        side,
        openPrice,
        lots: range.whole,
        margin,
        fee: wireMicros(order.TradeFee),
      };
      const done = closePartAt({ spec, rates: { margin: profit, profit } }, position, lots, price);
      if (!done.ok) return { ok: false, problem: problemOf(done.reason, spec) };
      pnl = done.closed.pnl;
      marginReleased = done.closed.margin;
      remaining = done.remaining.lots;
    }
    return {
      ok: true,
      preview: {
        lots,
        full: remaining === 0n,
        closePrice: price,
        pnl,
        marginReleased,
        remaining,
        marginLevelAfter: levelAfter(input.detail, marginReleased),
      },
    };
  } catch {
    return null;
  }
}

function problemOf(reason: PartialCloseRefusal, spec: InstrumentSpec): CloseProblem {
  const least = leastPart(spec);
  return {
    key: PROBLEM_KEYS[reason],
    values: { min: formatLotsOf(least, spec), step: formatLotsOf(spec.lotStep, spec) },
  };
}

/** equity ÷ (used margin − released), at 10^-4, rounded down; null when none would be used. */
function levelAfter(
  detail: Pick<ForexDetail, 'net_value' | 'current_margin'> | undefined,
  released: Micros,
): bigint | null {
  if (!detail) return null;
  const used = subtractMicros(wireMicros(detail.current_margin), released);
  if (used <= 0n) return null;
  return divide(wireMicros(detail.net_value) * RATIO_SCALE, used, 'down');
}

/** A margin level at 10^-4 (hundredths of a percent) as the percent the figures show. */
export function marginLevelPercent(level: bigint): number {
  return Number(formatDecimal(level, 2));
}
