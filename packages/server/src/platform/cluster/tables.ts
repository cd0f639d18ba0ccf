import type { Int } from '../db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface ClusterTables {
  leases: LeasesTable;
}

/** Who holds the feed and each engine partition of a scale-out deployment (issue 28). */
export interface LeasesTable {
  /** `feed` or `partition:<n>`. */
  name: string;
  /** The holding node's NODE_ID; null once released. */
  holder: string | null;
  /** The fencing token: grows at every change of holder. */
  token: Int;
  /** Epoch ms by the database's clock. */
  expires_at: Int;
}
