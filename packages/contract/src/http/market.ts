import { z } from 'zod';
import { PERIODS } from '../market.ts';
import { FIELD_MAX, idField, optionalText } from './fields.ts';

/**
 * Market data on the wire (SPEC.md §3 Instrument, Category, Candle). Field names are the
 * client's, verbatim. Prices are numbers produced from exact integer points.
 */
export const quotationSchema = z.object({
  Open: z.number(),
  Close: z.number(),
  /** Percent change over 24 h, 2 decimals. */
  Change: z.number(),
  High: z.number(),
  Low: z.number(),
  Volume: z.number(),
});
export type Quotation = z.infer<typeof quotationSchema>;

export const instrumentSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  ShowCode: z.string(),
  Name: z.string(),
  Logo: z.string(),
  CategoryId: z.number().int(),
  /** 1 open, 0 closed: the trading schedule, now. */
  MarketStatus: z.union([z.literal(0), z.literal(1)]),
  /** While closed, when trading resumes (epoch ms); null while open. */
  NextOpen: z.number().int().nullable(),
  PricePrecision: z.number().int(),
  /** Lot step. */
  Pip: z.number(),
  /** Minimum lots. */
  ForexMinCont: z.number(),
  ForexMaxCont: z.number(),
  /** Units per lot; with MarginMode 1 also the margin per lot. */
  ForexContNum: z.number(),
  ForexFeeRate: z.number(),
  /** 1 = fixed margin per lot. */
  MarginMode: z.union([z.literal(0), z.literal(1)]),
  HasForexMultiple: z.array(z.object({ Value: z.number().int() })),
  /** Spread in price units. */
  Spread: z.number(),
  QuoteCurrency: z.string(),
  /** MT5's calculation mode: 'forex' computes margin in the base currency, without the price. */
  CalcMode: z.enum(['forex', 'cfd']),
  /** The currency margin is computed in (the base currency of a forex pair). */
  MarginCurrency: z.string(),
  Schedule: z.enum(['forex', 'metals', 'us', 'crypto']),
  Bid: z.number(),
  Ask: z.number(),
  /** Per-instrument sequence number of the quote, for gap detection on the socket. */
  Seq: z.number().int(),
  ForexQuotations: quotationSchema,
});
export type Instrument = z.infer<typeof instrumentSchema>;

export const categorySchema = z.object({ Id: z.number().int(), NameShowTrans: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const candleSchema = z.object({
  /** UTC epoch seconds of the candle's start. */
  Time: z.number().int(),
  Open: z.number(),
  High: z.number(),
  Low: z.number(),
  Close: z.number(),
  Volume: z.number(),
});
export type Candle = z.infer<typeof candleSchema>;

export const tradeListRequestSchema = z.object({
  searchCurrency: optionalText(FIELD_MAX.search),
});
export const klineRequestSchema = z.object({ forex_id: idField(), period: z.enum(PERIODS) });
/**
 * The home row's small chart: `period` as on the full chart (SPEC.md §7 lists it for both);
 * a client that leaves it out gets the last day in half-hour candles.
 */
export const abbreviatedKlineRequestSchema = z.object({
  forex_id: idField(),
  period: z.enum(PERIODS).default('30min'),
});
