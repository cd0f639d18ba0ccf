/**
 * Market data on the wire (SPEC.md §3 Instrument, Category, Candle). Field names are the
 * client's, verbatim. Prices are numbers produced from exact integer points.
 */

/** Chart periods (SPEC.md §9), with their length in seconds; 1day is 00:00 New York to 00:00. */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_SECONDS: Readonly<Record<Period, number>> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '1day': 86_400,
};
export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

/** The time zone of trading sessions and day candles (DECISIONS.md). */
export const MARKET_TIME_ZONE = 'America/New_York';

export interface LeverageOption {
  Value: number;
}

export interface Quotation {
  Open: number;
  Close: number;
  /** Percent change over 24 h, 2 decimals. */
  Change: number;
  High: number;
  Low: number;
  Volume: number;
}

export interface Instrument {
  Id: number;
  Code: string;
  ShowCode: string;
  Name: string;
  Logo: string;
  CategoryId: number;
  /** 1 open, 0 closed, computed from the trading schedule now. */
  MarketStatus: 0 | 1;
  PricePrecision: number;
  /** Lot step. */
  Pip: number;
  /** Minimum lots. */
  ForexMinCont: number;
  ForexMaxCont: number;
  /** Units per lot. */
  ForexContNum: number;
  ForexFeeRate: number;
  /** 1 = fixed margin per lot. */
  MarginMode: 0 | 1;
  HasForexMultiple: LeverageOption[];
  /** Spread in price units. */
  Spread: number;
  QuoteCurrency: string;
  Schedule: 'forex' | 'metals' | 'us' | 'crypto';
  Bid: number;
  Ask: number;
  ForexQuotations: Quotation;
}

export interface Category {
  Id: number;
  NameShowTrans: string;
}

export interface Candle {
  /** UTC epoch seconds of the candle's start. */
  Time: number;
  Open: number;
  High: number;
  Low: number;
  Close: number;
  Volume: number;
}
