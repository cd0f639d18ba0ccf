import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Executor } from '../db/executor.ts';
import { createNoticeOutbox } from './notice-outbox.repository.ts';
import {
  type ChannelSender,
  type Contactable,
  createNoticeSending,
  NOTICE_HANDOFF_MS,
} from './notice-sending.ts';
import type { Notifier } from './notifier.ts';
import type { NoticeChannelName, NoticeTables } from './tables.ts';

/** The outbox's tables, for the type of a database that holds them (not to query). */
export type { NoticeTables } from './tables.ts';

/** The executor a notice is recorded on: the decision's own transaction. */
export type NoticesExecutor = Executor<NoticeTables>;

export {
  type ChannelSender,
  type Contactable,
  contactOf,
  NOTICE_HANDOFF_MS,
  NOTICE_LEASE_MS,
  type SendableNotice,
} from './notice-sending.ts';

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
  /** Absent: 'contact', the trader's e-mail (else their mobile). */
  channel?: NoticeChannelName;
}

const KEEP_SENT_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const POLL_EVERY_MS = 5_000;

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
  db: Kysely<NoticeTables>;
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

  const outbox = createNoticeOutbox(db);
  const channels = new Map<'push', ChannelSender>();
  const sending = createNoticeSending({ ...deps, outbox, channels });

  async function prune(): Promise<void> {
    const at = now();
    if (at - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at;
    await outbox.pruneSentBefore(at - KEEP_SENT_MS);
  }

  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    try {
      await sending.deliverDue();
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
    async record(trx: Executor<NoticeTables>, notice: TraderNotice): Promise<string> {
      const at = now();
      await createNoticeOutbox(trx).insert({
        ...notice,
        vars: notice.vars ?? {},
        at,
        dueAt: at + NOTICE_HANDOFF_MS,
      });
      return notice.key;
    },

    /**
     * After commit: sends the notices of `keys` now (unless a node has claimed them already).
     * Never throws; a failed send is retried by the poll.
     */
    async deliver(...keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await track(
        sending
          .claimKeys(keys)
          .then(sending.sendAll)
          .catch((error) => log.error({ err: error, keys }, 'trader notice outbox failed')),
      );
    },

    /**
     * Sends whatever is due (retries, notices whose process stopped before sending) and waits
     * for every send under way, the poll's too; answers how many this call sent.
     */
    async deliverDue(): Promise<number> {
      const sent = await track(sending.deliverDue());
      await Promise.allSettled([...inFlight]);
      return sent;
    },

    /** Sends the rows of a channel other than 'contact' (push: the notifications module). */
    useChannel(channel: 'push', send: ChannelSender): void {
      channels.set(channel, send);
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
