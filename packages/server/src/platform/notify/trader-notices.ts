import type { Language } from '@tradedesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { isLastAttempt, retryDelay } from '../core/retry-policy.ts';
import type { Executor } from '../db/executor.ts';
import { type Database, type NoticeOutboxTable, toInt } from '../db/schema.ts';
import type { Notifier } from './notifier.ts';

/** A notice as its decision records it. */
export interface TraderNotice {
  /**
   * Names the decision, e.g. `deposit:12:credited`: one notice per key, and the notifier gets
   * the same key on every attempt, so a resend is recognisable.
   */
  key: string;
  userId: number;
  /** The subject and body are `mail.<kind>_subject|body`. */
  kind: string;
  vars?: Readonly<Record<string, string | number>>;
  language: string;
}

/** What a trader can be reached at. */
export interface Contactable {
  email: string | null;
  mobile: string | null;
}

/** Where a trader is told things: their e-mail, else their mobile number (demo: nowhere). */
export function contactOf(user: Contactable): { channel: 'email' | 'sms'; to: string } | undefined {
  if (user.email) return { channel: 'email', to: user.email };
  if (user.mobile) return { channel: 'sms', to: user.mobile };
  return undefined;
}

/** The committing node sends first; a row still unclaimed this long after commit is anyone's. */
export const NOTICE_HANDOFF_MS = 30_000;
/** A claimed row is its claimer's this long; after that its process is taken to have stopped. */
export const NOTICE_LEASE_MS = 5 * 60_000;
const KEEP_SENT_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const POLL_EVERY_MS = 5_000;
const BATCH = 20;

type Row = Selectable<NoticeOutboxTable>;

/**
 * Notices to traders through a transactional outbox (ARCHITECTURE.md: notices leave through
 * the outbox like every other event). The decision's transaction records the notice, so it
 * exists exactly when the decision does; after commit the service asks for it to be sent.
 * Sending claims the row first: a conditional update (attempts + 1, due again only when the
 * lease ends) that changes it for one node only, whichever asks first. A sent row is marked
 * sent; a failed send is due again after a back-off; a row whose claimer stopped (crash,
 * kill -9) is due again when its lease ends, and the poll of any node sends it. Delivery is
 * at least once: the key travels with every attempt.
 */
export function createTraderNotices(deps: {
  db: Kysely<Database>;
  notifier: Pick<Notifier, 'sendNotice'>;
  findUser: (userId: number) => Promise<Contactable | undefined>;
  now: () => number;
  log: FastifyBaseLogger;
}) {
  const { db, now, log } = deps;
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  let prunedAt = Number.NEGATIVE_INFINITY;

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  }

  const claimed = (rows: Row[]) => rows.sort((a, b) => toInt(a.id) - toInt(b.id));

  /** Claims the just-committed notices of `keys` nobody has tried yet. */
  async function claimKeys(keys: readonly string[]): Promise<Row[]> {
    return claimed(
      await db
        .updateTable('notice_outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          next_attempt_at: now() + NOTICE_LEASE_MS,
        }))
        .where('dedupe_key', 'in', keys)
        .where('attempts', '=', 0)
        .where('sent_at', 'is', null)
        .returningAll()
        .execute(),
    );
  }

  /**
   * Claims due rows. The outer condition is checked again on the row as it stands when this
   * update gets its lock (PostgreSQL re-reads a row another transaction changed), so of two
   * nodes picking the same row only the first changes it; SQLite has one writer anyway.
   */
  async function claimDue(): Promise<Row[]> {
    const at = now();
    return claimed(
      await db
        .updateTable('notice_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: at + NOTICE_LEASE_MS }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('notice_outbox')
            .select('id')
            .where('next_attempt_at', '<=', at)
            .orderBy('next_attempt_at')
            .limit(BATCH),
        )
        .where('next_attempt_at', '<=', at)
        .returningAll()
        .execute(),
    );
  }

  async function markSent(id: number): Promise<void> {
    await db
      .updateTable('notice_outbox')
      .set({ sent_at: now(), next_attempt_at: null, last_error: null })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute();
  }

  /** Schedules the next attempt, unless another node has claimed the row since (its attempt). */
  async function markFailed(row: Row, error: unknown): Promise<void> {
    const attempts = toInt(row.attempts);
    // After the last attempt the row stays, not due, with its last error.
    const giveUp = isLastAttempt(attempts);
    const context = { err: error, key: row.dedupe_key, attempts };
    if (giveUp) log.error(context, 'trader notice not sent; giving up');
    else log.warn(context, 'trader notice not sent; will retry');
    await db
      .updateTable('notice_outbox')
      .set({
        next_attempt_at: giveUp ? null : now() + retryDelay(attempts),
        last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
      })
      .where('id', '=', toInt(row.id))
      .where('attempts', '=', attempts)
      .where('sent_at', 'is', null)
      .execute();
  }

  /** Sends one claimed row; never throws (what went wrong is logged and kept on the row). */
  async function send(row: Row): Promise<boolean> {
    try {
      let failure: { error: unknown } | undefined;
      try {
        const user = await deps.findUser(toInt(row.user_id));
        const contact = user && contactOf(user);
        // Nobody to tell (a demo account): the notice is done with.
        if (contact)
          await deps.notifier.sendNotice({
            ...contact,
            kind: row.kind,
            vars: JSON.parse(row.vars) as Record<string, string | number>,
            language: row.language as Language,
            key: row.dedupe_key,
          });
      } catch (error) {
        failure = { error };
      }
      if (failure) await markFailed(row, failure.error);
      else await markSent(toInt(row.id));
      return !failure;
    } catch (error) {
      log.error({ err: error, key: row.dedupe_key }, 'trader notice outbox failed');
      return false;
    }
  }

  async function sendAll(rows: readonly Row[]): Promise<number> {
    let sent = 0;
    for (const row of rows) if (await send(row)) sent += 1;
    return sent;
  }

  /** Sends every due notice (a batch at a time); answers how many went out. */
  async function deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claimDue();
      sent += await sendAll(rows);
      if (rows.length < BATCH) return sent;
    }
  }

  async function prune(): Promise<void> {
    const at = now();
    if (at - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at;
    await db
      .deleteFrom('notice_outbox')
      .where('sent_at', '<', at - KEEP_SENT_MS)
      .execute();
  }

  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    try {
      await deliverDue();
      await prune();
    } catch (error) {
      log.error({ err: error }, 'trader notice outbox failed');
    } finally {
      polling = false;
    }
  }

  return {
    /**
     * Records a notice in the decision's transaction (`trx`); answers its key, for `deliver`
     * after commit. A key recorded already is left as it is: a decision is told once.
     */
    async record(trx: Executor, notice: TraderNotice): Promise<string> {
      const at = now();
      await trx
        .insertInto('notice_outbox')
        .values({
          dedupe_key: notice.key,
          user_id: notice.userId,
          kind: notice.kind,
          vars: JSON.stringify(notice.vars ?? {}),
          language: notice.language,
          created_at: at,
          next_attempt_at: at + NOTICE_HANDOFF_MS,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
      return notice.key;
    },

    /**
     * After commit: sends the notices of `keys` now (unless a node has claimed them already).
     * Never throws; a failed send is retried by the poll.
     */
    async deliver(...keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await track(
        claimKeys(keys)
          .then(sendAll)
          .catch((error) => log.error({ err: error, keys }, 'trader notice outbox failed')),
      );
    },

    /**
     * Sends whatever is due (retries, notices whose process stopped before sending) and waits
     * for every send under way, the poll's too; answers how many this call sent.
     */
    async deliverDue(): Promise<number> {
      const sent = await track(deliverDue());
      await Promise.allSettled([...inFlight]);
      return sent;
    },

    /** Polls for due notices until stopped. */
    start(): void {
      timer = setInterval(() => void track(poll()), POLL_EVERY_MS);
      timer.unref();
    },

    /** Stops polling and waits for sends under way; unsent rows wait for the next node. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type TraderNotices = ReturnType<typeof createTraderNotices>;
