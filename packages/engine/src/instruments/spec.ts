import { parseDecimal } from '../money/decimal.ts';
import type { Nominal } from '../money/nominal.ts';

/** Lots are integers of 10^-4 lots: every lot step we offer (0.01, 0.1, 1) is a whole number of them. */
export const LOT_SCALE = 4;
/** Units per lot (or, in fixed-margin mode, USD of margin per lot) as integers of 10^-4. */
export const CONTRACT_SCALE = 4;
/** Fee rates as integers of 10^-8. */
export const RATE_SCALE = 8;

/** A quantity in integers of 10^-4 lots ({@link LOT_SCALE}). */
export type Lots = Nominal<bigint, 'Lots'>;
/** A price in integer points at its instrument's precision (EURUSD 1.08512 is 108512). */
export type PricePoints = Nominal<bigint, 'PricePoints'>;

/** States that `value` is already an integer count of 10^-4 lots (a database column, a test's literal). */
export function asLots(value: bigint): Lots {
  return value as Lots;
}

/** Lots from their decimal text ("0.01"); refuses what is finer than 10^-4 of a lot. */
export function parseLots(text: string): Lots {
  return asLots(parseDecimal(text, LOT_SCALE));
}

/** States that `value` is already a price in points at its instrument's precision. */
export function asPricePoints(value: bigint): PricePoints {
  return value as PricePoints;
}

/** A price from its decimal text at the instrument's precision; refuses more decimals. */
export function parsePricePoints(text: string, precision: number): PricePoints {
  return asPricePoints(parseDecimal(text, precision));
}

/** 0 points, meaning no price: a take profit or stop loss not set, a pending order's missing target. */
export const NO_PRICE: PricePoints = asPricePoints(0n);

/** What the engine needs to know of an instrument; every figure exact. */
export interface InstrumentSpec {
  id: number;
  code: string;
  /** Digits of a price; prices are integer points at this precision. */
  precision: number;
  lotStep: Lots;
  minLots: Lots;
  maxLots: Lots;
  /** Units per lot (ForexContNum); in fixed-margin mode also the USD of margin per lot. */
  contractSize: bigint;
  feeRate: bigint;
  /** 1: margin is lots × contractSize USD, whatever the price; 0: notional / leverage. */
  marginMode: 0 | 1;
  leverage: readonly number[];
  /** The currency prices are quoted in: P&L is converted from it to USD. */
  quoteCurrency: string;
  /**
   * MetaTrader 5's calculation mode. 'forex': margin is lots × units / leverage in the base
   * currency (no price in it); 'cfd': lots × units × price / leverage in the quote currency.
   */
  calcMode: CalcMode;
  /** The currency margin is computed in: the base currency for forex (EUR of EURGBP), else the quote currency. */
  marginCurrency: string;
}

/** How margin is computed (MT5's "calculation mode"): see {@link InstrumentSpec.calcMode}. */
export type CalcMode = 'forex' | 'cfd';

/**
 * An instrument's spec as the catalogue, the database and the wire hold it: every exact
 * figure of {@link InstrumentSpec} (lots, contract size, fee rate) as the decimal text it is
 * parsed from, the other fields as they are. Derived from the spec so the two never drift.
 */
export type InstrumentDecimals = {
  [K in keyof InstrumentSpec]: InstrumentSpec[K] extends bigint ? string : InstrumentSpec[K];
};

/** Builds a spec from the decimal strings the catalogue and the database hold. */
export function specFromDecimals(fields: InstrumentDecimals): InstrumentSpec {
  return {
    id: fields.id,
    code: fields.code,
    precision: fields.precision,
    lotStep: parseLots(fields.lotStep),
    minLots: parseLots(fields.minLots),
    maxLots: parseLots(fields.maxLots),
    contractSize: parseDecimal(fields.contractSize, CONTRACT_SCALE),
    feeRate: parseDecimal(fields.feeRate, RATE_SCALE),
    marginMode: fields.marginMode,
    leverage: fields.leverage,
    quoteCurrency: fields.quoteCurrency,
    calcMode: fields.calcMode,
    marginCurrency: fields.marginCurrency,
  };
}
