import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Names kept per connection at most: queries with `in (…)` lists of every length exist. */
const NAMES_PER_CONNECTION = 400;

/** Statement shapes that may be prepared: data, not schema (a migration changes what a plan returns). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\s/i;

/**
 * node-postgres behind Kysely with each statement prepared once per connection (issue 27).
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it on every execution; a
 * named statement is parsed once per connection and then only bound and executed. The name is
 * the SQL text's hash; a connection keeps at most NAMES_PER_CONNECTION (the rest run unnamed),
 * and statements without parameters — savepoints, BEGIN, DDL — always run unnamed.
 */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const named = new WeakMap<pg.PoolClient, Set<string>>();

  const unnamed = new WeakMap<pg.PoolClient, Set<string>>();

  function namesOf(map: WeakMap<pg.PoolClient, Set<string>>, client: pg.PoolClient): Set<string> {
    let names = map.get(client);
    if (!names) {
      names = new Set();
      map.set(client, names);
    }
    return names;
  }

  /** Each SQL text's name, hashed once: hashing on every query was 2 % of an order's CPU. */
  const nameOfText = new Map<string, string>();

  function hashedName(sql: string): string {
    let name = nameOfText.get(sql);
    if (name === undefined) {
      name = `td_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
      // Bounded like each connection's names: `in (…)` lists of every length exist.
      if (nameOfText.size >= NAMES_PER_CONNECTION * 4) nameOfText.clear();
      nameOfText.set(sql, name);
    }
    return name;
  }

  function nameFor(client: pg.PoolClient, sql: string): string | undefined {
    const name = hashedName(sql);
    const names = namesOf(named, client);
    if (names.has(name)) return name;
    if (names.size >= NAMES_PER_CONNECTION || namesOf(unnamed, client).has(name)) return undefined;
    names.add(name);
    return name;
  }

  /**
   * A table a prepared statement reads was altered since (a migration on a long-lived
   * connection): PostgreSQL refuses the old plan ("cached plan must not change result type",
   * 0A000). The statement runs unnamed, now and from then on, on that connection.
   */
  async function runNamed(client: pg.PoolClient, name: string, sql: string, values: unknown[]) {
    try {
      return await client.query({ name, text: sql, values });
    } catch (error) {
      if ((error as { code?: string }).code !== '0A000') throw error;
      namesOf(named, client).delete(name);
      namesOf(unnamed, client).add(name);
      return client.query(sql, values);
    }
  }

  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query(sql: unknown, parameters?: readonly unknown[]) {
          if (typeof sql !== 'string' || !parameters?.length || !PREPARABLE.test(sql))
            return client.query(sql as string, parameters as unknown[]);
          const name = nameFor(client, sql);
          const values = parameters as unknown[];
          return name ? runNamed(client, name, sql, values) : client.query(sql, values);
        },
        release: () => client.release(),
      } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
