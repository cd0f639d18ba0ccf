import type { Int, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface UploadsTables {
  uploads: UploadsTable;
}

export interface UploadsTable {
  name: string;
  user_id: Int;
  content_type: string;
  size: Int;
  sha256: string;
  created_at: Millis;
  referenced_at: Millis | null;
}
