import { type Bus, decodeMessage, encodeMessage } from '../bus/bus.ts';
import { toInt } from '../db/columns.ts';
import type { Executor } from '../db/executor.ts';
import type { AccountCommit } from './account-commit.ts';
import type { CoreTables } from './tables.ts';

/** A commit still in the outbox longer than this was left by a process that stopped. */
const STRANDED_AFTER_MS = 10_000;
const SWEEP_EVERY_MS = 5_000;
const FORGET_EVERY_MS = 200;

/**
 * The outbox (ARCHITECTURE.md step 4): each commit's message is written in the command's own
 * transaction, so an event exists exactly when its change does. The core publishes it right
 * after commit and the row is then deleted, in batches; a row whose process stopped before
 * publishing is claimed (deleted, so by one node only) and published by the sweep.
 * Delivery is at least once: subscribers ignore a version they have already applied.
 */
export function createOutbox(deps: {
  db: Executor<CoreTables>;
  bus: Bus;
  now: () => number;
  onError: (error: unknown) => void;
}) {
  const { db, bus, now } = deps;
  const published: number[] = [];
  let forgetting: Promise<void> = Promise.resolve();

  async function forget(): Promise<void> {
    if (published.length === 0) return;
    const ids = published.splice(0);
    for (let i = 0; i < ids.length; i += 500)
      await db
        .deleteFrom('outbox')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
  }

  function scheduleForget(): void {
    forgetting = forgetting.then(forget).catch(deps.onError);
  }

  /** Publishes what stopped processes left behind; each row is claimed by deleting it. */
  async function sweep(): Promise<number> {
    const stranded = await db
      .deleteFrom('outbox')
      .where('created_at', '<', now() - STRANDED_AFTER_MS)
      .returning(['id', 'payload'])
      .execute();
    stranded.sort((a, b) => toInt(a.id) - toInt(b.id));
    for (const row of stranded)
      await bus.publish('account.committed', decodeMessage<AccountCommit>(row.payload));
    return stranded.length;
  }

  let forgetTimer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  return {
    /** Writes the commit's message in the command's transaction; returns its row id. */
    async append(commit: AccountCommit, trx: Executor<CoreTables>): Promise<number> {
      const { id } = await trx
        .insertInto('outbox')
        .values({
          account_id: commit.accountId,
          version: commit.version,
          payload: encodeMessage(commit),
          created_at: commit.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toInt(id);
    },

    /** After commit: publishes the commit and lets its row go. */
    async publish(id: number, commit: AccountCommit): Promise<void> {
      await bus.publish('account.committed', commit);
      published.push(id);
    },

    sweep,

    start(): void {
      forgetTimer = setInterval(scheduleForget, FORGET_EVERY_MS);
      sweepTimer = setInterval(() => void sweep().catch(deps.onError), SWEEP_EVERY_MS);
      forgetTimer.unref();
      sweepTimer.unref();
    },

    async stop(): Promise<void> {
      clearInterval(forgetTimer);
      clearInterval(sweepTimer);
      scheduleForget();
      await forgetting;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
