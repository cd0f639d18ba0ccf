import type { ColumnType } from 'kysely';
import type { Id, Int, Maybe, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface ComplaintsTables {
  complaints: ComplaintsTable;
}

/** A trader's complaint (issue 12); status 0 received, 1 handled. */
export interface ComplaintsTable {
  id: Id;
  user_id: Int;
  subject: string;
  message: string;
  /** The language the trader wrote in (the notice to the complaint address is sent in it). */
  language: string;
  status: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  created_at: Millis;
  handled_at: Maybe<number | bigint>;
  handled_by: Maybe<number | bigint>;
  /** The desk's answer, shown to the trader; NULL until answered (issue 37). */
  answer: Maybe<string>;
  answered_at: Maybe<number | bigint>;
  answered_by: Maybe<number | bigint>;
}
