import type { Instrument } from '@tradedesk/contract';
import {
  type CurrencyRate,
  currencyRate,
  type InstrumentSpec,
  type PricePoints,
  parsePricePoints,
  specFromDecimals,
} from '@tradedesk/engine';

/**
 * The engine's view of wire instruments: the one place their spec fields and quotes are
 * mapped, so the form's previews and checks use the server's own exact arithmetic.
 */

/** Wire numbers back to the decimal text they were made from (shortest round trip). */
const decimal = (value: number) => String(value);

/** Points of a wire price at the instrument's precision. */
export function toPoints(price: number, precision: number): PricePoints {
  return parsePricePoints(price.toFixed(precision), precision);
}

/** The engine's spec of a wire instrument; throws when a figure is not a valid decimal. */
export function specOf(instrument: Instrument): InstrumentSpec {
  return specFromDecimals({
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
  });
}

/**
 * `currency` → USD at the listed pairs' bid and ask, as the server converts it; throws when
 * no listed pair converts it.
 */
export function usdRateOf(currency: string, instruments: readonly Instrument[]): CurrencyRate {
  return currencyRate(currency, (code) => {
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
