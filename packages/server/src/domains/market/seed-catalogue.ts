import type { Kysely } from 'kysely';
import { CATALOGUE, CATEGORIES } from './catalogue.ts';
import { instrumentToRow } from './market.repository.ts';
import type { MarketTables } from './tables.ts';

/**
 * The catalogue's categories and instruments, ids in catalogue order. Idempotent: an
 * instrument already there (an operator may have changed its figures) is left as it is.
 */
export async function seedCatalogue(db: Kysely<MarketTables>): Promise<void> {
  await db
    .insertInto('categories')
    .values(CATEGORIES.map((c) => ({ id: c.id, name_key: c.key })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('instruments')
    .values(CATALOGUE.map((entry, index) => instrumentToRow(entry, index + 1)))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
