import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from './database.ts';

/** An auto-increment id column's type: SERIAL on PostgreSQL, INTEGER PRIMARY KEY on SQLite. */
export const serial = (dialect: DialectName) => (dialect === 'postgres' ? 'serial' : 'integer');

/** The primary key of a `serial` column: SQLite needs AUTOINCREMENT so ids are never reused. */
export const primaryKey = (dialect: DialectName) => (c: ColumnDefinitionBuilder) =>
  dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

/** Text that is never null: '' when not given. */
export const emptyText = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
