import type { Language } from '@tradedesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isLastAttempt, retryDelay } from '../core/retry-policy.ts';
import { toInt } from '../db/columns.ts';
import type { NoticeOutbox, NoticeRow } from './notice-outbox.repository.ts';
import type { Notifier } from './notifier.ts';

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

/** A notice row as a channel's sender gets it. */
export interface SendableNotice {
  key: string;
  userId: number;
  kind: string;
  vars: Record<string, string | number>;
  language: Language;
  /** When its decision was recorded. */
  at: number;
}

/** Sends one notice by a channel; throws to have it retried after a back-off. */
export type ChannelSender = (notice: SendableNotice) => Promise<void>;

/** The committing node sends first; a row still unclaimed this long after commit is anyone's. */
export const NOTICE_HANDOFF_MS = 30_000;
/** A claimed row is its claimer's this long; after that its process is taken to have stopped. */
export const NOTICE_LEASE_MS = 5 * 60_000;
const BATCH = 20;

/**
 * Sending from the notice outbox: a row is claimed first (one node only gets it), then sent to
 * the trader's contact and marked sent, or due again after a back-off when the send failed.
 */
export function createNoticeSending(deps: {
  outbox: NoticeOutbox;
  notifier: Pick<Notifier, 'sendNotice'>;
  findUser: (userId: number) => Promise<Contactable | undefined>;
  /** Senders of the channels besides 'contact', by name. */
  channels: ReadonlyMap<string, ChannelSender>;
  now: () => number;
  log: FastifyBaseLogger;
}) {
  const { outbox, now, log } = deps;

  /** To the trader's e-mail, else their mobile; nobody to tell (a demo account): done. */
  async function toContact(row: NoticeRow): Promise<void> {
    const user = await deps.findUser(toInt(row.user_id));
    const contact = user && contactOf(user);
    if (contact)
      await deps.notifier.sendNotice({
        ...contact,
        kind: row.kind,
        vars: JSON.parse(row.vars) as Record<string, string | number>,
        language: row.language as Language,
        key: row.dedupe_key,
      });
  }

  /** By the row's channel; a channel nobody serves here is logged and let go. */
  async function deliver(row: NoticeRow): Promise<void> {
    if (row.channel === 'contact') return toContact(row);
    const sender = deps.channels.get(row.channel);
    if (!sender) {
      log.warn({ key: row.dedupe_key, channel: row.channel }, 'no sender for notice channel');
      return;
    }
    await sender({
      key: row.dedupe_key,
      userId: toInt(row.user_id),
      kind: row.kind,
      vars: JSON.parse(row.vars) as Record<string, string | number>,
      language: row.language as Language,
      at: toInt(row.created_at),
    });
  }
  const inOrder = (rows: NoticeRow[]) => rows.sort((a, b) => toInt(a.id) - toInt(b.id));

  /** Claims the just-committed notices of `keys` nobody has tried yet. */
  const claimKeys = async (keys: readonly string[]) =>
    inOrder(await outbox.claimKeys(keys, now() + NOTICE_LEASE_MS));

  /** Claims due rows: of nodes picking the same row, only the first changes it. */
  async function claimDue(): Promise<NoticeRow[]> {
    const at = now();
    return inOrder(await outbox.claimDue(at, at + NOTICE_LEASE_MS, BATCH));
  }

  /** Schedules the next attempt, unless another node has claimed the row since (its attempt). */
  async function markFailed(row: NoticeRow, error: unknown): Promise<void> {
    const attempts = toInt(row.attempts);
    // After the last attempt the row stays, not due, with its last error.
    const giveUp = isLastAttempt(attempts);
    const context = { err: error, key: row.dedupe_key, attempts };
    if (giveUp) log.error(context, 'trader notice not sent; giving up');
    else log.warn(context, 'trader notice not sent; will retry');
    await outbox.markFailed({
      id: toInt(row.id),
      attempts,
      nextAttemptAt: giveUp ? null : now() + retryDelay(attempts),
      error: String(error instanceof Error ? error.message : error).slice(0, 500),
    });
  }

  /** Sends one claimed row; never throws (what went wrong is logged and kept on the row). */
  async function send(row: NoticeRow): Promise<boolean> {
    try {
      let failure: { error: unknown } | undefined;
      try {
        await deliver(row);
      } catch (error) {
        failure = { error };
      }
      if (failure) await markFailed(row, failure.error);
      else await outbox.markSent(toInt(row.id), now());
      return !failure;
    } catch (error) {
      log.error({ err: error, key: row.dedupe_key }, 'trader notice outbox failed');
      return false;
    }
  }

  async function sendAll(rows: readonly NoticeRow[]): Promise<number> {
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

  return { claimKeys, sendAll, deliverDue };
}
