/** Constants of market data; the wire shapes are in http/market.ts. */

import type { Instrument } from './http/market.ts';

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

/**
 * Whether an instrument's market trades now, by name (trade_list's and the quote push's
 * MarketStatus): `MARKET_STATUSES.open` is 1, closed 0.
 */
export const MARKET_STATUSES = { closed: 0, open: 1 } as const satisfies Record<
  string,
  Instrument['MarketStatus']
>;
