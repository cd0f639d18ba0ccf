import { parseDecimal } from '../money/decimal.ts';

/** Lots are integers of 10^-4 lots: every lot step we offer (0.01, 0.1, 1) is a whole number of them. */
export const LOT_SCALE = 4;
/** Units per lot (or, in fixed-margin mode, USD of margin per lot) as integers of 10^-4. */
export const CONTRACT_SCALE = 4;
/** Fee rates as integers of 10^-8. */
export const RATE_SCALE = 8;

export type Lots = bigint & { readonly __unit?: 'lot-1e-4' };
export type PricePoints = bigint & { readonly __unit?: 'price-points' };

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
  /** The currency prices are quoted in; P&L and margin are converted from it to USD. */
  quoteCurrency: string;
}

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
    lotStep: parseDecimal(fields.lotStep, LOT_SCALE),
    minLots: parseDecimal(fields.minLots, LOT_SCALE),
    maxLots: parseDecimal(fields.maxLots, LOT_SCALE),
    contractSize: parseDecimal(fields.contractSize, CONTRACT_SCALE),
    feeRate: parseDecimal(fields.feeRate, RATE_SCALE),
    marginMode: fields.marginMode,
    leverage: fields.leverage,
    quoteCurrency: fields.quoteCurrency,
  };
}
