import type { Int, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface IdentityTables {
  identities: IdentitiesTable;
}

export interface IdentitiesTable {
  user_id: Int;
  review_status: Int;
  name: string;
  card_id: string;
  front_upload: string;
  reverse_upload: string;
  reason: string;
  language: string;
  submitted_at: Millis;
  reviewed_at: Millis | null;
  reviewed_by: Int | null;
}
