import type { Id, Int } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface MarketTables {
  categories: CategoriesTable;
  instruments: InstrumentsTable;
  candles: CandlesTable;
}

export interface CategoriesTable {
  id: Int;
  name_key: string;
}

export interface InstrumentsTable {
  id: Id;
  code: string;
  name: string;
  category_id: Int;
  price_precision: Int;
  lot_step: string;
  min_lots: string;
  max_lots: string;
  contract_size: string;
  fee_rate: string;
  margin_mode: Int;
  /** JSON array of integers. */
  leverage_options: string;
  quote_currency: string;
  /** MT5's calculation mode: 'forex' (margin in the base currency, no price) or 'cfd'. */
  calc_mode: string;
  /** The currency margin is computed in (the base currency of a forex pair). */
  margin_currency: string;
  spread_points: Int;
  /** Points; see CatalogueInstrument.stopLevel. */
  stop_level: Int;
  schedule: string;
  anchor_price: string;
  volatility: string;
  sort_order: Int;
}

export interface CandlesTable {
  instrument_id: Int;
  period: string;
  time: Int;
  open: Int;
  high: Int;
  low: Int;
  close: Int;
  volume: Int;
}
