import type { Instrument } from '@tradedesk/contract';
import {
  type CurrencyRate,
  currencyRate,
  feeMicros,
  type InstrumentDecimals,
  marginMicros,
  microsToNumber,
  type PricePoints,
  parseLots,
  parsePricePoints,
  type Side,
  specFromDecimals,
} from '@tradedesk/engine';

/** Wire numbers back to the decimal text they were made from (shortest round trip). */
const decimal = (value: number) => String(value);

/** Points of a wire price at the instrument's precision. */
export function toPoints(price: number, precision: number): PricePoints {
  return parsePricePoints(price.toFixed(precision), precision);
}

/** The engine's view of a wire instrument: the one place its spec fields are mapped. */
function toInstrumentDecimals(instrument: Instrument): InstrumentDecimals {
  return {
    id: instrument.Id,
    code: instrument.Code,
    precision: instrument.PricePrecision,
    lotStep: decimal(instrument.Pip),
    minLots: decimal(instrument.ForexMinCont),
    maxLots: decimal(instrument.ForexMaxCont),
    contractSize: decimal(instrument.ForexContNum),
    feeRate: decimal(instrument.ForexFeeRate),
    marginMode: instrument.MarginMode,
    leverage: instrument.HasForexMultiple.map((m) => m.Value),
    quoteCurrency: instrument.QuoteCurrency,
    calcMode: instrument.CalcMode,
    marginCurrency: instrument.MarginCurrency,
  };
}

/** The margin currency → USD at the listed pairs' bid and ask, as the server converts it. */
function marginRateOf(instrument: Instrument, instruments: readonly Instrument[]): CurrencyRate {
  return currencyRate(instrument.MarginCurrency, (code) => {
    const pair = instruments.find((i) => i.Code === code);
    return (
      pair && {
        bidPoints: toPoints(pair.Bid, pair.PricePrecision),
        askPoints: toPoints(pair.Ask, pair.PricePrecision),
        precision: pair.PricePrecision,
      }
    );
  });
}

export interface OrderPreview {
  margin: number;
  fee: number;
}

/**
 * Margin and fee of an order before it is sent, with the engine's own exact arithmetic, so
 * the preview shows what the server will charge at this price. Null while the input is not
 * an order yet (empty lots, no leverage).
 */
export function previewOrder(input: {
  instrument: Instrument;
  instruments: readonly Instrument[];
  side: Side;
  lots: string;
  leverage: number;
  /** The price it opens at: the ask for a buy, the bid for a sell, or the pending target. */
  price: number;
  feeType: number;
}): OrderPreview | null {
  const { instrument } = input;
  try {
    const spec = specFromDecimals(toInstrumentDecimals(instrument));
    const lots = parseLots(input.lots);
    if (lots <= 0n || (spec.marginMode === 0 && input.leverage <= 0)) return null;
    const margin = marginMicros(
      spec,
      input.side,
      lots,
      toPoints(input.price, instrument.PricePrecision),
      input.leverage,
      marginRateOf(instrument, input.instruments),
    );
    const fee = feeMicros(spec, lots, margin, input.feeType === 1 ? 1 : 2);
    return { margin: microsToNumber(margin), fee: microsToNumber(fee) };
  } catch {
    return null;
  }
}
