import type { Int } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface AreasTables {
  areas: AreasTable;
}

export interface AreasTable {
  id: Int;
  code: string;
  global_code: string;
}
