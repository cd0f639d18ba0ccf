import type { ColumnType } from 'kysely';
import type { Id, Int, IntWithDefault, Maybe, Millis, Text } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface AlertsTables {
  price_alerts: PriceAlertsTable;
}

/** A price a trader asked the server to watch (issue 41). */
export interface PriceAlertsTable {
  id: Id;
  user_id: Int;
  instrument_id: Int;
  side: 'bid' | 'ask';
  condition: 'above' | 'below';
  /** The level in the instrument's points. */
  price: Int;
  repeat: IntWithDefault;
  note: Text;
  status: ColumnType<
    'armed' | 'cooling' | 'fired' | 'expired',
    'armed' | 'cooling' | 'fired' | 'expired' | undefined,
    'armed' | 'cooling' | 'fired' | 'expired'
  >;
  fired_count: IntWithDefault;
  last_fired_at: Maybe<number | bigint>;
  expire_at: Maybe<number | bigint>;
  created_at: Millis;
}
