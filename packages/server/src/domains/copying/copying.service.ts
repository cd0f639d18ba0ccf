import { type Copy, type MyCopies, USD_AMOUNT_DECIMALS } from '@tradedesk/contract';
import { parseMicros } from '@tradedesk/engine';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { QuoteReader } from '../market/index.ts';
import { createOrdersRepository, type TradingService } from '../trading/index.ts';
import { maskContact, type UserRecord, type UsersRepository } from '../users/index.ts';
import type { CopiesRepository, CopyRecord } from './copies.repository.ts';
import type { CopyCommands } from './copy-commands.ts';
import { COPY, isRunning } from './copy-lifecycle.ts';
import type { SignalOutbox } from './copy-signals.ts';
import { type CopyStart, createCopyStart } from './copy-start.ts';
import { stopCopy } from './copy-stop.ts';
import { createCopyView } from './copy-view.ts';

/** Stopped copies listed after the running ones. */
const STOPPED_SHOWN = 20;

/**
 * What a follower does with copies (issue 29): start one, pause, resume, add or take back
 * money, stop; and the list of them. Money moves only through linked commands of the core:
 * the follower's account and the copy account change together or not at all.
 */
export function createCopyingService(deps: {
  db: Executor;
  core: CommandCore;
  accounts: AccountsRepository;
  users: UsersRepository;
  copies: CopiesRepository;
  signals: SignalOutbox;
  commands: CopyCommands;
  trading: TradingService;
  market: QuoteReader;
  now: () => number;
}) {
  const { copies, core, commands } = deps;
  const starting = createCopyStart({ ...deps, steps: deps.trading.copySteps });
  const view = createCopyView({
    ...deps,
    orders: createOrdersRepository(deps.db),
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
      return reread(await starting.start(user, start));
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
          { accountId: copy.accountId, command: commands.takeBack(copy.id, amount) },
          { accountId: user.id, command: (taken) => commands.receive(taken) },
        );
      else
        await core.executeLinked(
          {
            accountId: user.id,
            create: true,
            command: commands.fundOut(amount, async (ctx) => {
              const { addInvested } = deps.copies;
              if (!(await addInvested(copy.id, amount, ctx.trx))) throw new AppError('COPY_STATE');
            }),
          },
          { accountId: copy.accountId, command: () => commands.fundIn(amount) },
        );
      return reread(copy.id);
    },

    /** Closes the copy's positions at market and returns its equity; a stopped copy as it is. */
    async stop(user: UserRecord, copyId: number): Promise<Copy> {
      const copy = await mine(user, copyId);
      if (isRunning(copy)) await stopCopy(deps, copy, 'user');
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
