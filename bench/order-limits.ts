// The database's own limit for an order (issue 27): the order transaction the command core
// writes — lock the account row, insert the order, two ledger rows, the account's new figures
// compared on its version, the outbox row — in a tight loop with no HTTP and no validation,
// at full durability (SQLite synchronous = FULL, PostgreSQL synchronous_commit = on):
//   one commit per order, and 64 orders of different accounts per commit.
// Then the command core itself (group commit) placing real market orders from 200 accounts
// at once, without HTTP. orders.bench.ts reads these as the baselines of the HTTP run.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asLots, asMicros, type LedgerEntry, NO_PRICE } from '@tradedesk/engine';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createOrdersRepository } from '../packages/server/src/domains/trading/orders.repository.ts';
import { createUsersRepository } from '../packages/server/src/domains/users/users.repository.ts';
import type { AccountCommit } from '../packages/server/src/platform/core/account-commit.ts';
import { createAccountsRepository } from '../packages/server/src/platform/core/accounts.repository.ts';
import type { Trx } from '../packages/server/src/platform/core/command-core.ts';
import { createOutbox } from '../packages/server/src/platform/core/outbox.ts';
import type { Store } from '../packages/server/src/platform/db/database.ts';
import { openPostgres, openSqlite } from '../packages/server/src/platform/db/database.ts';
import { withHandles } from '../packages/server/src/testing/app-handles.ts';
import { createPostgresDatabase } from '../packages/server/src/testing/dialects.ts';

export const ACCOUNTS = 200;
const SECONDS = 5;
export const BATCH = 64;

type Built = ReturnType<typeof withHandles>;

async function setUp(store: Store, dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'none'),
    TRUST_PROXY: 'true',
    SAMPLE_TRADERS: 'false',
    MAX_OPEN_ORDERS: '100000',
  });
  const offset = Date.UTC(2026, 10, 3, 15, 0) - Date.now();
  const built = withHandles(
    await buildApp({ config, store, logger: false, now: () => Date.now() + offset }),
  );
  await built.app.ready();
  const users: number[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const answer = await built.app.inject({
      method: 'GET',
      url: `/api/user/createAccountDemoForU?demo_id=${randomUUID()}`,
      headers: { 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` },
    });
    const body = answer.json();
    if (body.code !== 1) throw new Error(`demo refused: ${answer.body}`);
    const id = body.data.user.id as number;
    await built.core.open(id);
    users.push(id);
  }
  const eurusd = (
    await store.db
      .selectFrom('instruments')
      .select('id')
      .where('code', '=', 'EURUSD')
      .executeTakeFirstOrThrow()
  ).id;
  return { built, users, eurusd: Number(eurusd) };
}

/** The repositories the core writes an order through: bound to each transaction, as a command's. */
function writersOf(built: Built) {
  const { store } = built;
  const lockRows = store.dialect === 'postgres';
  return {
    on: (trx: Trx) => ({
      accounts: createAccountsRepository(trx, { lockRows }),
      orders: createOrdersRepository(trx),
    }),
    outbox: createOutbox({ db: store.db, bus: built.bus, now: Date.now, onError: () => {} }),
  };
}

/** One order's writes, as the core makes them, inside `trx`. */
async function writeOrder(
  writers: ReturnType<typeof writersOf>,
  trx: Trx,
  userId: number,
  instrumentId: number,
): Promise<void> {
  const { accounts, orders } = writers.on(trx);
  const at = Date.now();
  const account = (await accounts.lock(userId))!;
  const order = await orders.insert({
    user_id: userId,
    instrument_id: instrumentId,
    side: 'buy',
    status: 'holding',
    lots: asLots(100n),
    leverage: 100,
    target_price: null,
    fill_direction: null,
    open_price: 108_508n,
    close_price: null,
    margin: 10_850_800n,
    fee: 5_425n,
    reserve: 0n,
    take_profit: NO_PRICE,
    stop_loss: NO_PRICE,
    pnl: null,
    close_reason: null,
    idempotency_key: null,
    request_hash: null,
    created_at: at,
    opened_at: at,
    closed_at: null,
  });
  const entries: LedgerEntry[] = [
    { kind: 'margin', amount: asMicros(-10_850_800n) },
    { kind: 'fee', amount: asMicros(-5_425n) },
  ];
  let balance = account.balance;
  const rows = entries.map((entry) => {
    balance = asMicros(balance + entry.amount);
    return {
      userId,
      amount: entry.amount,
      kind: entry.kind,
      orderId: order.id,
      fundingId: null,
      balanceAfter: balance,
      at,
    };
  });
  await accounts.appendLedger(rows);
  const state = {
    ...account,
    balance,
    marginHeld: asMicros(account.marginHeld + 10_850_800n),
    version: account.version + 1,
  };
  if (!(await accounts.writeState(state, account.version, at))) throw new Error('moved');
  const commit: AccountCommit = {
    accountId: userId,
    version: state.version,
    balance,
    lockBalance: account.lockBalance,
    at,
    events: [{ type: 'order', change: 'opened', order }],
  };
  await writers.outbox.append(commit, trx);
}

/** Orders per second of `step` run back to back for SECONDS. */
async function rate(step: () => Promise<number>): Promise<number> {
  const started = performance.now();
  let orders = 0;
  while (performance.now() - started < SECONDS * 1000) orders += await step();
  return orders / ((performance.now() - started) / 1000);
}

export interface OrderLimits {
  /** One order per commit, orders/s. */
  single: number;
  /** BATCH orders of different accounts per commit, orders/s. */
  batched: number;
  /** The command core placing market orders from ACCOUNTS accounts at once, orders/s. */
  core: number;
  /** Orders per commit the core's group commit formed. */
  perCommit: number;
}

/** The three loops on a fresh database of `dialect`. */
export async function measureOrderLimits(dialect: 'sqlite' | 'postgres'): Promise<OrderLimits> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-limit-'));
  const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const store = database ? openPostgres(database.url) : openSqlite(path.join(dataDir, 'app.db'));
  try {
    const { built, users, eurusd } = await setUp(store, dataDir);
    // The core first: the loops below write orders memory never hears of, which the core's
    // commands would then read back as the accounts' positions.
    const { core, perCommit } = await coreRate(built, users, eurusd);
    const writers = writersOf(built);
    let next = 0;
    const nextUser = () => users[next++ % users.length]!;
    const single = await rate(async () => {
      await store.db.transaction().execute((trx) => writeOrder(writers, trx, nextUser(), eurusd));
      return 1;
    });
    const batched = await rate(async () => {
      await store.db.transaction().execute(async (trx) => {
        for (let i = 0; i < BATCH; i++) await writeOrder(writers, trx, nextUser(), eurusd);
      });
      return BATCH;
    });
    await built.app.close();
    return { single, batched, core, perCommit };
  } finally {
    await store.destroy();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every account places one market order at a time, all at once: what 200 clients do. */
async function coreRate(built: Built, users: readonly number[], eurusd: number) {
  const order = {
    instrumentId: eurusd,
    side: 'buy' as const,
    lots: asLots(100n),
    leverage: 100,
    takeProfit: NO_PRICE,
    stopLoss: NO_PRICE,
  };
  const directory = createUsersRepository(built.store.db);
  const records = await Promise.all(users.map(async (id) => (await directory.findById(id))!));
  const before = built.core.commitCounts();
  const core = await rate(async () => {
    await Promise.all(records.map((user) => built.trading!.openMarket(user, order)));
    return records.length;
  });
  const after = built.core.commitCounts();
  return { core, perCommit: (after.commands - before.commands) / (after.batches - before.batches) };
}
