import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Store } from './database.ts';

/**
 * What the database can do for us now: everything; nothing (`unavailable`: the connection was
 * cut, PostgreSQL restarts or fails over); or reads only (`refuses-writes`: SQLite's disk is
 * full, PostgreSQL's too). Each is temporary: requests answer in the envelope, the pool
 * reconnects, SQLite writes again once space returns — no restart by hand.
 */
export type DatabaseCondition = 'ok' | 'unavailable' | 'refuses-writes';

/** PostgreSQL's SQLSTATEs and Node's socket codes of a connection that is gone or refused. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|terminating connection|Client has encountered a connection error|Client was closed|not queryable/i;

/** SQLite's "database or disk is full" and I/O failures; PostgreSQL's disk_full and out_of_memory. */
const REFUSES_WRITES_CODES = new Set(['SQLITE_FULL', '53100', '53200']);

/** Which temporary condition an error is a symptom of; undefined when it is not one of them. */
export function classifyDatabaseError(
  error: unknown,
): Exclude<DatabaseCondition, 'ok'> | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = String((error as { code?: unknown }).code ?? '');
  if (REFUSES_WRITES_CODES.has(code) || code.startsWith('SQLITE_IOERR')) return 'refuses-writes';
  if (/database or disk is full/i.test(error.message)) return 'refuses-writes';
  if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_MESSAGES.test(error.message)) return 'unavailable';
  return undefined;
}

/**
 * The database's condition as this process last saw it, for `/health` and the error
 * envelope. An outage is logged once when it starts, with its real cause, and once when it
 * ends, with how long it lasted and how many failures it swallowed — not once per request
 * (a full disk under load logged thousands of lines that hid the cause).
 */
export function createDatabaseHealth(deps: {
  store: Store;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let condition: DatabaseCondition = 'ok';
  let since = 0;
  let swallowed = 0;
  let probe = 0;

  function recovered(): void {
    if (condition === 'ok') return;
    deps.log.info(
      { was: condition, ms: now() - since, failures: swallowed },
      'database serving again',
    );
    condition = 'ok';
    swallowed = 0;
  }

  /**
   * A write that changes nothing a reader sees but needs the disk: SQLite's header field
   * `application_id`, toggled (its page goes through the WAL like any write). PostgreSQL
   * refusing writes is a disk-full of its own server; reading proves the connection only.
   */
  async function writeProbe(): Promise<void> {
    if (deps.store.dialect !== 'sqlite') return;
    probe = probe === 0 ? 1 : 0;
    await sql.raw(`pragma application_id = ${probe}`).execute(deps.store.db);
  }

  return {
    /**
     * Records a failure; answers which condition it shows (undefined: not a database
     * condition, the caller reports it as it would).
     */
    noteError(error: unknown): Exclude<DatabaseCondition, 'ok'> | undefined {
      const seen = classifyDatabaseError(error);
      if (!seen) return undefined;
      if (condition === seen) {
        swallowed += 1;
        return seen;
      }
      condition = seen;
      since = now();
      swallowed = 0;
      deps.log.error(
        { err: error },
        seen === 'unavailable' ? 'database unavailable' : 'database refuses writes',
      );
      return seen;
    },

    /** A write committed: whatever refused it before has passed. */
    noteWrite(): void {
      if (condition !== 'ok') recovered();
    },

    /** Asks the database now (`/health`): a read always, a write while writes were refused. */
    async check(): Promise<DatabaseCondition> {
      try {
        await sql`select 1`.execute(deps.store.db);
        if (condition === 'refuses-writes') await writeProbe();
        recovered();
      } catch (error) {
        if (!this.noteError(error)) throw error;
      }
      return condition;
    },

    get condition(): DatabaseCondition {
      return condition;
    },
  };
}

export type DatabaseHealth = ReturnType<typeof createDatabaseHealth>;
