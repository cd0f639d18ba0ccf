import { randomUUID } from 'node:crypto';
import { COPY_LIMITS } from '@tradedesk/contract';
import type { Micros } from '@tradedesk/engine';
import type { AccountsOn } from '../../platform/core/accounts.repository.ts';
import type {
  AccountCommand,
  CommandContext,
  CommandCore,
} from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CopySteps } from '../trading/index.ts';
import { createUserDirectory, type UserRecord } from '../users/index.ts';
import { createCopiesRepository } from './copies.repository.ts';
import { fundIn, fundOut, MIN_COPY_AMOUNT } from './copy-money.ts';
import { fillQuote, SIGNAL_CHANGE } from './copy-signals.ts';
import { createLeaderSettingsRepository, isCopyable } from './leader-settings.repository.ts';
import { createSignalOutbox } from './signal-outbox.repository.ts';

export interface CopyStart {
  leaderId: number;
  amount: Micros;
  copySlRate: number;
  copyOpen: boolean;
  idempotency?: { key: string; hash: string };
}

/** What the follower's command decided: the copy, and its new account (null: a replay). */
interface Started {
  copyId: number;
  accountId: number | null;
}

interface StartDeps {
  core: CommandCore;
  /**
   * The leader's account is read under a share lock (PostgreSQL's FOR SHARE) within the
   * follower's command, through the command core's accounts on its transaction.
   */
  shareLocks: AccountsOn;
  steps: CopySteps;
}

/** Whether an insert failed on a unique index of `copies` (a second copy of one leader). */
function isSecondCopy(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown } | null;
  const message = String(e?.message ?? '');
  if (e?.code === '23505') return String(e.constraint ?? '').startsWith('copies_');
  return message.includes('UNIQUE constraint failed: copies.');
}

/**
 * A trader the follower may copy now: a person's real account (not a demo, not a copy
 * account), not disabled, who opted in and is not hidden. Anyone else — unknown ids
 * included — is LEADER_NOT_FOUND, the same code and words, so an id tells nothing.
 */
async function ensureCopyable(ctx: CommandContext, leaderId: number): Promise<void> {
  const leader = await ctx.repository(createUserDirectory).find(leaderId);
  const settings = await ctx.repository(createLeaderSettingsRepository).of(leaderId);
  const copyable =
    leader !== undefined &&
    !leader.isDemo &&
    leader.ownerId === null &&
    leader.disabledAt === null &&
    isCopyable(settings);
  if (!copyable) throw new AppError('LEADER_NOT_FOUND');
}

/** With copy_open: a signal for this copy alone per open position of the leader. */
async function copyOpenPositions(
  deps: StartDeps,
  ctx: CommandContext,
  copyId: number,
  leaderId: number,
) {
  const leader = await deps.steps.otherAccount(ctx, leaderId);
  await ctx.repository(createSignalOutbox).append(
    leader.positions.map((order) => ({
      leaderId,
      leaderOrderId: order.id,
      copyId,
      signal: {
        change: SIGNAL_CHANGE.open,
        instrumentId: order.instrumentId,
        side: order.side,
        lots: order.lots,
        leverage: order.leverage,
        takeProfit: order.takeProfit,
        stopLoss: order.stopLoss,
        ...fillQuote(order, 0n),
        leaderEquity: leader.figures.equity,
        atMarket: true,
      },
    })),
    ctx.at,
  );
}

/**
 * Inside the follower's command, after the money left the balance: the copy account and the
 * copy. The leader's account is read under a share lock, so the leader's commands and this
 * start are ordered and the copy takes exactly the signals written after it.
 */
async function createCopy(
  deps: StartDeps,
  ctx: CommandContext,
  follower: UserRecord,
  start: CopyStart,
): Promise<Started> {
  const account = await ctx.repository(createUserDirectory).insert({
    // Never shown, typed or invited with: no clash with a person's 8 digits or code
    // (invite codes are looked up in capitals; these are lower case).
    uid: `copy-${randomUUID()}`,
    invite_code: `copy-${randomUUID()}`,
    is_demo: follower.isDemo ? 1 : 0,
    credit_score: 0,
    created_at: ctx.at,
    owner_id: follower.id,
  });
  await ctx.repository(deps.shareLocks).readShared(start.leaderId);
  const copyId = await ctx.repository(createCopiesRepository).insertStarted({
    followerId: follower.id,
    leaderId: start.leaderId,
    accountId: account.id,
    copySlRate: start.copySlRate,
    copyOpen: start.copyOpen,
    demo: follower.isDemo,
    invested: start.amount,
    fromSignal: await ctx.repository(createSignalOutbox).lastId(start.leaderId),
    idempotencyKey: start.idempotency?.key ?? null,
    requestHash: start.idempotency?.hash ?? null,
    at: ctx.at,
  });
  if (start.copyOpen) await copyOpenPositions(deps, ctx, copyId, start.leaderId);
  return { copyId, accountId: account.id };
}

/** The follower's command: the key, the leader, no second copy, then the money and the copy. */
function startCommand(
  deps: StartDeps,
  follower: UserRecord,
  start: CopyStart,
): AccountCommand<Started> {
  return {
    name: 'copy-start',
    async run(ctx) {
      const copies = ctx.repository(createCopiesRepository);
      // A replay answers what the first request did, whatever changed since (Stripe's).
      if (start.idempotency) {
        const first = await copies.findByKey(follower.id, start.idempotency.key);
        if (first && first.requestHash !== start.idempotency.hash)
          throw new AppError('COPY_IDEMPOTENCY_MISMATCH');
        if (first) return { copyId: first.id, accountId: null };
      }
      await ensureCopyable(ctx, start.leaderId);
      if (await copies.notStopped(follower.id, start.leaderId))
        throw new AppError('ALREADY_COPYING');
      let started: Started | undefined;
      await fundOut(start.amount, async (inner) => {
        started = await createCopy(deps, inner, follower, start);
      }).run(ctx);
      if (!started) throw new Error('copy start moved money without a copy');
      return started;
    },
  };
}

/**
 * Starting a copy (issues 29, 36) is one transaction: under the follower's account lock the
 * command checks the key, the leader's consent and that no copy of the leader runs; moves the
 * amount out of the free balance; creates the copy account (a users row owned by the follower,
 * of the follower's kind: a demo follower's copy is demo money) and the copy, active from the
 * leader's newest signal on; then the core opens the copy account and moves the amount in —
 * all or nothing. Two starts of one follower wait on that lock, so a race is a refusal or a
 * replay, never a half-made copy; nothing is deleted afterwards because nothing half-made
 * ever commits. Answers the copy's id (the first one's, for a repeated key).
 */
export async function startCopy(
  deps: StartDeps,
  follower: UserRecord,
  start: CopyStart,
): Promise<number> {
  if (start.amount < MIN_COPY_AMOUNT)
    throw new AppError('COPY_AMOUNT_BELOW_MIN', { min: COPY_LIMITS.minAmount });
  try {
    const [started] = await deps.core.executeThenOpen(
      { accountId: follower.id, create: true, command: startCommand(deps, follower, start) },
      ({ accountId }) => (accountId === null ? null : { accountId, command: fundIn(start.amount) }),
    );
    return started.copyId;
  } catch (error) {
    // The follower's lock orders one node's starts and another node's too (PostgreSQL's
    // row lock); the unique indices stay the last word, and lose no money either way.
    if (isSecondCopy(error)) throw new AppError('ALREADY_COPYING');
    throw error;
  }
}
