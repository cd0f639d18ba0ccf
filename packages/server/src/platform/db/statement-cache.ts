import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * better-sqlite3 behind Kysely with prepared statements kept and reused by their SQL text.
 * Kysely prepares every query anew, and preparing cost more than running the query on the
 * order path (a profile of `npm run bench`). The queries are a fixed set of shapes, so a
 * bounded cache holds them all; a statement still being iterated is not handed out twice.
 */
export function withStatementCache(database: SQLite.Database, limit = 1000): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        // Oldest first out: a Map iterates in insertion order.
        if (cache.size > limit) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}
