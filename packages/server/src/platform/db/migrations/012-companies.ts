import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { emptyText, primaryKey, serial } from '../migration-columns.ts';

/**
 * Company mode (issue 12): the companies traders may choose as their provider. `name_key` is
 * the lower-cased name: names are unique whatever their case (traders search by them), and
 * the search compares against it the same way on both dialects.
 */
export function companiesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('companies')
        .addColumn('id', serial(dialect), primaryKey(dialect))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('logo', 'text', emptyText)
        .addColumn('url', 'text', emptyText)
        .addColumn('subject', 'text', emptyText)
        .addColumn('registered_address', 'text', emptyText)
        .addColumn('location', 'text', emptyText)
        .addColumn('email', 'text', emptyText)
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('companies_enabled', sql`enabled IN (0, 1)`)
        .addCheckConstraint('companies_name', sql`name <> ''`)
        .execute();
    },
  };
}
