// What a refused request must leave as it was: every table a request can change, the outbox
// file of sent codes, and the keys of the built-in prototypes.
import { sql } from 'kysely';
import type { Database } from '../../schema.ts';
import type { TestApp } from '../test-app.ts';
import { clip } from './clip.ts';

/** Every table of the schema (the compiler insists): how to order it, or why it is left out. */
const TABLES: Record<keyof Database, { orderBy: readonly string[] } | { skip: string }> = {
  users: { orderBy: ['id'] },
  sessions: { orderBy: ['token_hash'] },
  verification_codes: { orderBy: ['id'] },
  captchas: { orderBy: ['key'] },
  settings: { orderBy: ['key'] },
  areas: { orderBy: ['id'] },
  categories: { orderBy: ['id'] },
  instruments: { orderBy: ['id'] },
  accounts: { orderBy: ['user_id'] },
  ledger: { orderBy: ['id'] },
  orders: { orderBy: ['id'] },
  margin_calls: { orderBy: ['user_id'] },
  price_alerts: { orderBy: ['id'] },
  push_subscriptions: { orderBy: ['id'] },
  notification_settings: { orderBy: ['user_id'] },
  push_vapid_keys: { skip: "made once at start: the server key pair, not a request's change" },
  // The market service writes candles from feed ticks on its own timer; no request does.
  candles: { skip: 'written by the market service from feed ticks, on a timer' },
  // A commit's row is deleted by the outbox's 200 ms timer once published, with no request;
  // every commit also bumps accounts.version in the same transaction, which is compared.
  outbox: { skip: 'rows are deleted by a timer after publishing' },
  notice_outbox: { orderBy: ['id'] },
  operators: { orderBy: ['id'] },
  operator_sessions: { orderBy: ['token_hash'] },
  audit_log: { orderBy: ['id'] },
  uploads: { orderBy: ['name'] },
  identities: { orderBy: ['user_id'] },
  deposit_networks: { orderBy: ['id'] },
  wire_options: { orderBy: ['id'] },
  draw_currencies: { orderBy: ['id'] },
  draw_methods: { orderBy: ['id'] },
  deposits: { orderBy: ['id'] },
  withdrawals: { orderBy: ['id'] },
  companies: { orderBy: ['id'] },
  news_articles: { orderBy: ['id'] },
  news_texts: { orderBy: ['article_id', 'lang'] },
  complaints: { orderBy: ['id'] },
  support_messages: { orderBy: ['id'] },
  support_conversations: { orderBy: ['user_id'] },
  sample_traders: { orderBy: ['strategy'] },
  sample_trader_runs: { orderBy: ['id'] },
  leases: { skip: 'scale-out only: nodes take and renew them on a timer' },
  copies: { orderBy: ['id'] },
  copy_trades: { orderBy: ['id'] },
  copy_outbox: { orderBy: ['id'] },
  equity_daily: {
    skip: 'written by the equity series job before each ranking refresh, on a minute timer',
  },
  leader_settings: { orderBy: ['user_id'] },
};
const OUTBOX_FILE = 'outbox file of sent codes';

interface Dump {
  count: number;
  hash: string;
  rows: string[];
}
/** Each table (and the outbox file) dumped in primary-key order. */
export type Snapshot = Map<string, Dump>;

function dumpOf(rows: string[]): Dump {
  let hash = 0x811c9dc5;
  for (const row of rows)
    for (let i = 0; i < row.length; i++) hash = Math.imul(hash ^ row.charCodeAt(i), 16777619);
  return { count: rows.length, hash: `${rows.length}:${hash >>> 0}`, rows };
}

const rowText = (row: unknown) =>
  JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

export async function snapshot(t: TestApp): Promise<Snapshot> {
  const dumps: Snapshot = new Map();
  for (const [table, how] of Object.entries(TABLES)) {
    if ('skip' in how) continue;
    const order = sql.join(how.orderBy.map((column) => sql.ref(column)));
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by ${order}`.execute(t.store.db);
    dumps.set(table, dumpOf(rows.map(rowText)));
  }
  dumps.set(OUTBOX_FILE, dumpOf(t.outbox().map(rowText)));
  return dumps;
}

/** What changed, table by table: counts and a few rows that came or went. */
export function changesBetween(
  before: Snapshot,
  after: Snapshot,
): { table: string; text: string }[] {
  const changes: { table: string; text: string }[] = [];
  for (const [table, now] of after) {
    const was = before.get(table);
    if (!was || was.hash === now.hash) continue;
    const old = new Set(was.rows);
    const fresh = new Set(now.rows);
    const added = now.rows.filter((r) => !old.has(r));
    const removed = was.rows.filter((r) => !fresh.has(r));
    const rows = (sign: string, list: string[]) =>
      list.slice(0, 2).map((r) => `\n        ${sign} ${clip(r, 240)}`);
    changes.push({
      table,
      text: `${table}: ${was.count} → ${now.count} rows${rows('+', added).join('')}${rows('−', removed).join('')}`,
    });
  }
  return changes;
}

/** The database holds exactly the tables of TABLES (besides Kysely's migration tables). */
export async function checkEveryTableListed(t: TestApp): Promise<void> {
  const { rows } =
    t.store.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          t.store.db,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          t.store.db,
        );
  const present = rows.map((r) => r.name).filter((n) => !n.startsWith('kysely_'));
  const unlisted = present.filter((n) => !(n in TABLES));
  if (unlisted.length > 0)
    throw new Error(`tables the fuzz does not know (add them to TABLES): ${unlisted.join(', ')}`);
}

/** Keys of the built-in prototypes: a request that adds one has polluted the process. */
const PROTOTYPES = { 'Object.prototype': Object.prototype, 'Array.prototype': Array.prototype };

export interface PrototypeKeys {
  name: string;
  proto: object;
  keys: Set<string | symbol>;
}

export const prototypeKeys = (): PrototypeKeys[] =>
  Object.entries(PROTOTYPES).map(([name, proto]) => ({
    name,
    proto,
    keys: new Set(Reflect.ownKeys(proto)),
  }));

/**
 * The keys each prototype gained since `taken`, deleted again at once so that one polluting
 * request does not taint the requests after it.
 */
export function takeBackPrototypeKeys(
  taken: readonly PrototypeKeys[],
): { name: string; added: (string | symbol)[] }[] {
  const gains: { name: string; added: (string | symbol)[] }[] = [];
  for (const { name, proto, keys } of taken) {
    const added = Reflect.ownKeys(proto).filter((k) => !keys.has(k));
    for (const k of added) Reflect.deleteProperty(proto, k);
    if (added.length > 0) gains.push({ name, added });
  }
  return gains;
}
