import { randomUUID } from 'node:crypto';
import { COPY_LIMITS } from '@tradedesk/contract';
import type { Micros } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { CommandContext, CommandCore } from '../../platform/core/command-core.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError, isAppError } from '../../platform/http/app-error.ts';
import type { CopySteps } from '../trading/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { type CopiesRepository, createCopiesRepository } from './copies.repository.ts';
import { type CopyCommands, MIN_COPY_AMOUNT } from './copy-commands.ts';
import { fillQuote, type SignalOutbox } from './copy-signals.ts';

export interface CopyStart {
  leaderId: number;
  amount: Micros;
  copySlRate: number;
  copyOpen: boolean;
  idempotency?: { key: string; hash: string };
}

/** Whether an insert failed on a unique index of `copies` (a second copy of one leader, raced). */
function isSecondCopy(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown } | null;
  const message = String(e?.message ?? '');
  if (e?.code === '23505') return String(e.constraint ?? '').startsWith('copies_');
  return message.includes('UNIQUE constraint failed: copies.');
}

/**
 * Starting a copy (issue 29) in two steps. First a copy account — a users row owned by the
 * follower — and the copy's row, 'opening', with no money. Then one linked command moves the
 * amount: the follower's balance down, the copy account's up, the copy 'active', all in one
 * transaction. A refused transfer removes the opening rows; a crash between the steps leaves
 * an opening copy without money, which a retry with the same Idempotency-Key finishes and a
 * new start for the same leader replaces.
 */
export function createCopyStart(deps: {
  db: Kysely<Database>;
  core: CommandCore;
  accounts: AccountsRepository;
  users: UsersRepository;
  copies: CopiesRepository;
  signals: SignalOutbox;
  commands: CopyCommands;
  steps: CopySteps;
  now: () => number;
}) {
  const { db, copies } = deps;

  async function open(follower: UserRecord, start: CopyStart): Promise<number> {
    if (start.idempotency) {
      const first = await copies.findByKey(follower.id, start.idempotency.key);
      if (first && first.requestHash !== start.idempotency.hash)
        throw new AppError('COPY_IDEMPOTENCY_MISMATCH');
      if (first) return first.id;
    }
    try {
      return await db.transaction().execute(async (trx) => {
        const running = await copies.notStopped(follower.id, start.leaderId, trx);
        if (running?.status === 'opening') await copies.deleteOpening(running.id, trx);
        else if (running) throw new AppError('ALREADY_COPYING');
        const account = await deps.users.insert(
          {
            // Never shown, typed or invited with: no clash with a person's 8 digits or code
            // (invite codes are looked up in capitals; these are lower case).
            uid: `copy-${randomUUID()}`,
            invite_code: `copy-${randomUUID()}`,
            is_demo: 0,
            credit_score: 0,
            created_at: deps.now(),
            owner_id: follower.id,
          },
          trx,
        );
        return copies.insertOpening(
          {
            followerId: follower.id,
            leaderId: start.leaderId,
            accountId: account.id,
            copySlRate: start.copySlRate,
            copyOpen: start.copyOpen,
            idempotencyKey: start.idempotency?.key ?? null,
            requestHash: start.idempotency?.hash ?? null,
            at: deps.now(),
          },
          trx,
        );
      });
    } catch (error) {
      if (isSecondCopy(error)) throw new AppError('ALREADY_COPYING');
      throw error;
    }
  }

  /**
   * Inside the follower's command: the leader's account under a share lock (its commands and
   * this start are ordered), the copy active from the leader's newest signal on, and with
   * copy_open a signal for this copy alone per open position of the leader.
   */
  async function activate(ctx: CommandContext, copyId: number, start: CopyStart): Promise<void> {
    await deps.accounts.readShared(start.leaderId, ctx.trx);
    const from = await deps.signals.lastId(start.leaderId, ctx.trx);
    const copies = ctx.repository(createCopiesRepository);
    if (!(await copies.activate(copyId, start.amount, from, ctx.trx)))
      throw new AppError('COPY_STATE');
    if (!start.copyOpen) return;
    const leader = await deps.steps.otherAccount(ctx, start.leaderId);
    await deps.signals.append(
      leader.positions.map((order) => ({
        leaderId: start.leaderId,
        leaderOrderId: order.id,
        copyId,
        signal: {
          change: 'open' as const,
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
      ctx.trx,
    );
  }

  return {
    /** Starts a copy; answers the copy's id (the first one's, for a repeated key). */
    async start(follower: UserRecord, start: CopyStart): Promise<number> {
      if (start.amount < MIN_COPY_AMOUNT)
        throw new AppError('COPY_AMOUNT_BELOW_MIN', { min: COPY_LIMITS.minAmount });
      const copyId = await open(follower, start);
      const copy = (await copies.find(copyId))!;
      if (copy.status !== 'opening') return copyId;
      try {
        await deps.core.executeLinked(
          {
            accountId: follower.id,
            create: true,
            command: deps.commands.fundOut(start.amount, (ctx) => activate(ctx, copyId, start)),
          },
          {
            accountId: copy.accountId,
            create: true,
            command: () => deps.commands.fundIn(start.amount),
          },
        );
      } catch (error) {
        // Refused (not enough free balance): nothing moved; the opening rows go.
        if (isAppError(error) && (await copies.deleteOpening(copyId, db)))
          await db.deleteFrom('users').where('id', '=', copy.accountId).execute();
        throw error;
      }
      return copyId;
    },
  };
}
