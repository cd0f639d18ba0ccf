import { COPY_LIMITS } from '@tradedesk/contract';
import {
  asMicros,
  type Micros,
  microsToNumber,
  negateMicros,
  subtractMicros,
  ZERO_MICROS,
} from '@tradedesk/engine';
import type { AccountCommand, CommandContext } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CopySteps } from '../trading/index.ts';
import { createCopiesRepository } from './copies.repository.ts';

/** 100 USD in µUSD: the least a copy starts with or may keep. */
export const MIN_COPY_AMOUNT = asMicros(BigInt(COPY_LIMITS.minAmount) * 1_000_000n);

/** A USD figure for a refusal's message, exact; nothing (0) when there is less than nothing. */
const usdFigure = (value: Micros): number => microsToNumber(value > 0n ? value : ZERO_MICROS);

/*
 * Money between a follower and a copy (issue 29) moves in linked commands of the core, one on
 * each account: these are the two sides. Both commit or neither does.
 */

/**
 * The follower's side of money moving into a copy: at most the free balance; `then` runs in
 * the same command (the copy's row, its start or its added funds).
 */
export function fundOut(
  amount: Micros,
  then: (ctx: CommandContext) => Promise<void>,
): AccountCommand<void> {
  return {
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    name: 'copy-fund-out',
    async run(ctx) {
      const available = await ctx.available();
      if (amount > available)
        throw new AppError('COPY_FUNDS_SHORT', { available: usdFigure(available) });
      ctx.post([{ kind: 'copy-out', amount: negateMicros(amount) }], null);
      await then(ctx);
    },
  };
}

/** The copy account's side of money moving in. */
export function fundIn(amount: Micros): AccountCommand<void> {
  return {
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    name: 'copy-fund-in',
    async run(ctx) {
      ctx.post([{ kind: 'copy-fund', amount }], null);
    },
  };
}

/**
 * Takes `amount` back from a running copy: at most its free margin, and the copy keeps at
 * least the minimum. What was invested goes down by the same amount.
 */
export function takeBack(steps: CopySteps, copyId: number, amount: Micros): AccountCommand<Micros> {
  return {
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    name: 'copy-take-back',
    async run(ctx) {
      const figures = await steps.figures(ctx);
      // What the copy can give now: its free margin, no more than its balance, and no more
      // than keeps the minimum in it. The refusal names it, so it must be the real bound.
      let most = figures.freeMargin;
      if (ctx.account.balance < most) most = ctx.account.balance;
      const keepingMinimum = subtractMicros(figures.equity, MIN_COPY_AMOUNT);
      if (keepingMinimum < most) most = keepingMinimum;
      if (amount > most)
        throw new AppError('COPY_TAKE_BACK_TOO_MUCH', {
          available: usdFigure(most),
          min: COPY_LIMITS.minAmount,
        });
      const copies = ctx.repository(createCopiesRepository);
      if (!(await copies.addInvested(copyId, negateMicros(amount))))
        throw new AppError('COPY_STATE');
      ctx.post([{ kind: 'copy-return', amount: negateMicros(amount) }], null);
      return amount;
    },
  };
}

/** The follower's side of money coming back from a copy. */
export function receive(amount: Micros): AccountCommand<void> {
  return {
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    name: 'copy-receive',
    async run(ctx) {
      if (amount > 0n) ctx.post([{ kind: 'copy-in', amount }], null);
    },
  };
}
