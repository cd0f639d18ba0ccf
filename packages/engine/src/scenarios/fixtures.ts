import {
  type CurrencyRate,
  divideBy,
  type MarketRates,
  multiplyBy,
  USD_RATE,
} from '../instruments/conversion.ts';
import { type InstrumentSpec, parsePricePoints, specFromDecimals } from '../instruments/spec.ts';

/**
 * A forex pair as the catalogue defines one (100 000 units a lot, 0.01 lot steps, 0.05 % fee,
 * leverage 1:50 to 1:500), for the engine's tests: EURUSD is `forexPair('EURUSD', 5, 'USD')`.
 */
export function forexPair(code: string, precision: number, quoteCurrency: string): InstrumentSpec {
  return specFromDecimals({
    id: 1,
    code,
    precision,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    contractSize: '100000',
    feeRate: '0.0005',
    marginMode: 0,
    leverage: [50, 100, 200, 500],
    quoteCurrency,
    calcMode: 'forex',
    marginCurrency: code.slice(0, 3),
  });
}

/** A currency's USD rate from an XXXUSD pair's bid and ask (ask defaults to the bid). */
export function rateFromUsdPair(bid: string, precision: number, ask = bid): CurrencyRate {
  return {
    bid: multiplyBy(parsePricePoints(bid, precision), precision),
    ask: multiplyBy(parsePricePoints(ask, precision), precision),
  };
}

/** A currency's USD rate from a USDXXX pair's bid and ask (inverted: its bid is 1 / the ask). */
export function rateFromInversePair(bid: string, precision: number, ask = bid): CurrencyRate {
  return {
    bid: divideBy(parsePricePoints(ask, precision), precision),
    ask: divideBy(parsePricePoints(bid, precision), precision),
  };
}

/** Rates of a USD-quoted instrument whose margin is in USD too (CFDs, USDXXX margin). */
export const USD_ONLY: MarketRates = { margin: USD_RATE, profit: USD_RATE };
