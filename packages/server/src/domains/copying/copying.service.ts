import { type Copy, type MyCopies, USD_AMOUNT_DECIMALS } from '@tradedesk/contract';
import { parseMicros } from '@tradedesk/engine';
import type { AccountsOn } from '../../platform/core/accounts.repository.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { QuoteReader } from '../market/index.ts';
import type { OrdersRepository, TradingService } from '../trading/index.ts';
import { maskContact, type UserRecord, type UsersRepository } from '../users/index.ts';
import {
  type CopiesRepository,
  type CopyRecord,
  createCopiesRepository,
} from './copies.repository.ts';
import { COPY, isRunning } from './copy-lifecycle.ts';
import { fundIn, fundOut, receive, takeBack } from './copy-money.ts';
import { type CopyStart, startCopy } from './copy-start.ts';
import { stopCopy } from './copy-stop.ts';
import type { CopyTradesRepository } from './copy-trades.repository.ts';
import { createCopyView } from './copy-view.ts';

/** Stopped copies listed after the running ones. */
const STOPPED_SHOWN = 20;

/**
 * What a follower does with copies (issue 29): start one, pause, resume, add or take back
 * money, stop; and the list of them. Money moves only through linked commands of the core:
 * the follower's account and the copy account change together or not at all.
 */
export function createCopyingService(deps: {
  core: CommandCore;
  /** A start reads the leader's account under a share lock (copy-start.ts). */
  shareLocks: AccountsOn;
  /** The copies and what they did, on the module's root database. */
  copies: CopiesRepository;
  trades: Pick<CopyTradesRepository, 'skippedOf'>;
  trading: TradingService;
  market: QuoteReader;
  /** Trading's orders (a skipped leader order is named by its instrument and side). */
  orders: Pick<OrdersRepository, 'findMany'>;
  users: Pick<UsersRepository, 'findById'>;
}) {
  const { copies, core } = deps;
  const steps = deps.trading.copySteps;
  const view = createCopyView({
    ...deps,
    async leaderName(leaderId) {
      const leader = await deps.users.findById(leaderId);
      return leader ? maskContact(leader) : '***';
    },
  });

  /** The follower's own copy, or COPY_NOT_FOUND (also for someone else's). */
  async function mine(user: UserRecord, copyId: number): Promise<CopyRecord> {
    const copy = await copies.find(copyId);
    if (!copy || copy.followerId !== user.id) throw new AppError('COPY_NOT_FOUND');
    return copy;
  }

  const reread = async (copyId: number) => view((await copies.find(copyId))!);

  /** Pause or resume; asked for the state the copy is in already, a no-op. */
  async function move(
    user: UserRecord,
    copyId: number,
    step: typeof COPY.pause | typeof COPY.resume,
  ) {
    const copy = await mine(user, copyId);
    if (copy.status !== step.to && !(await copies.move(copy.id, step)))
      throw new AppError('COPY_STATE');
    return reread(copy.id);
  }

  return {
    async copy(user: UserRecord, start: CopyStart): Promise<Copy> {
      if (start.leaderId === user.id) throw new AppError('COPY_SELF');
      return reread(await startCopy({ core, shareLocks: deps.shareLocks, steps }, user, start));
    },

    /** No new trades; closes and TP/SL changes still follow. Pausing a paused copy is a no-op. */
    pause: (user: UserRecord, copyId: number) => move(user, copyId, COPY.pause),
    resume: (user: UserRecord, copyId: number) => move(user, copyId, COPY.resume),

    /** > 0: from the free balance into the copy; < 0: back from the copy's free margin. */
    async addFunds(user: UserRecord, copyId: number, amountText: string): Promise<Copy> {
      const copy = await mine(user, copyId);
      if (!isRunning(copy)) throw new AppError('COPY_STATE');
      const negative = amountText.startsWith('-');
      const amount = parseMicros(negative ? amountText.slice(1) : amountText);
      if (amount <= 0n)
        throw new AppError('COPY_AMOUNT_INVALID', { decimals: USD_AMOUNT_DECIMALS });
      if (negative)
        await core.executeLinked(
          { accountId: copy.accountId, command: takeBack(steps, copy.id, amount) },
          { accountId: user.id, command: (taken) => receive(taken) },
        );
      else
        await core.executeLinked(
          {
            accountId: user.id,
            create: true,
            command: fundOut(amount, async (ctx) => {
              const added = await ctx
                .repository(createCopiesRepository)
                .addInvested(copy.id, amount);
              if (!added) throw new AppError('COPY_STATE');
            }),
          },
          { accountId: copy.accountId, command: () => fundIn(amount) },
        );
      return reread(copy.id);
    },

    /** Closes the copy's positions at market and returns its equity; a stopped copy as it is. */
    async stop(user: UserRecord, copyId: number): Promise<Copy> {
      const copy = await mine(user, copyId);
      if (isRunning(copy)) await stopCopy({ core, steps }, copy, 'user');
      return reread(copy.id);
    },

    async myCopies(user: UserRecord): Promise<MyCopies> {
      const all = await copies.ofFollower(user.id);
      const running = all.filter(isRunning);
      const stopped = all.filter((copy) => !isRunning(copy)).slice(0, STOPPED_SHOWN);
      return { data: await Promise.all([...running, ...stopped].map(view)) };
    },
  };
}

export type CopyingService = ReturnType<typeof createCopyingService>;
