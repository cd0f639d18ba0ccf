import type { Id, Int, Millis, Text } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface CompanyTables {
  companies: CompaniesTable;
}

/** Company mode (migration 012): providers traders may choose; name_key is the lower-cased name. */
export interface CompaniesTable {
  id: Id;
  name: string;
  name_key: string;
  logo: Text;
  url: Text;
  subject: Text;
  registered_address: Text;
  location: Text;
  email: Text;
  enabled: Int;
  updated_at: Millis;
}
