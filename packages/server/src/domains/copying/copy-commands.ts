import {
  COPY_LIMITS,
  type CopySkipReason,
  type CopyStopReason,
  type ResultName,
} from '@tradedesk/contract';
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
import type { QuoteReader } from '../market/index.ts';
import type { CopySteps } from '../trading/index.ts';
import { type CopyRecord, createCopiesRepository } from './copies.repository.ts';
import { isRunning, takesNewTrades } from './copy-lifecycle.ts';
import type { OpenSignal, SignalRow } from './copy-signals.ts';
import { copyLots } from './copy-sizing.ts';

/** 100 USD in µUSD: the least a copy starts with or may keep. */
export const MIN_COPY_AMOUNT = asMicros(BigInt(COPY_LIMITS.minAmount) * 1_000_000n);

/** Trading's refusals of a copy's open, as the reason the follower reads. */
const SKIP_REASONS: Partial<Record<ResultName, CopySkipReason>> = {
  INSUFFICIENT_MARGIN: 'insufficient-margin',
  MARKET_CLOSED: 'market-closed',
  TOO_MANY_OPEN_ORDERS: 'too-many-orders',
  LOTS_BELOW_MIN: 'below-min-lot',
  LOTS_OFF_STEP: 'below-min-lot',
  TAKE_PROFIT_WRONG_SIDE: 'stops-passed',
  STOP_LOSS_WRONG_SIDE: 'stops-passed',
};

/** A USD figure for a refusal's message, exact; nothing (0) when there is less than nothing. */
const usdFigure = (value: Micros): number => microsToNumber(value > 0n ? value : ZERO_MICROS);

/** The equity at which a copy stops by itself: what was invested less the stop-loss share. */
export function stopEquity(copy: Pick<CopyRecord, 'invested' | 'copySlRate'>): Micros {
  return asMicros((copy.invested * BigInt(100 - copy.copySlRate)) / 100n);
}

/** What a mirror command did with a signal for one copy. */
export type MirrorOutcome = 'mirrored' | 'skipped' | 'closed' | 'stops' | 'nothing';

/**
 * The commands of copy trading (issue 29), each run by the command core on one account under
 * its lock: the copy's row and what it did with each leader order are read and written in the
 * same transaction, so a signal taken twice (a retry, a second node) changes nothing twice.
 */
export function createCopyCommands(deps: { steps: CopySteps; market: QuoteReader }) {
  const { steps, market } = deps;
  const copiesOf = (ctx: CommandContext) => ctx.repository(createCopiesRepository);

  async function mirrorOpen(
    ctx: CommandContext,
    copy: CopyRecord,
    row: SignalRow,
    signal: OpenSignal,
  ): Promise<MirrorOutcome> {
    const copies = copiesOf(ctx);
    const record = (outcome: { copyOrderId: number } | { skipped: CopySkipReason }) =>
      copies.recordTrade(
        {
          copyId: copy.id,
          leaderOrderId: row.leaderOrderId,
          leaderLots: signal.lots,
          at: ctx.at,
          ...outcome,
        },
        ctx.trx,
      );
    if (!takesNewTrades(copy)) {
      await record({ skipped: 'paused' });
      return 'skipped';
    }
    const { equity } = await steps.figures(ctx);
    const size = copyLots(
      signal.lots,
      equity,
      signal.leaderEquity,
      market.spec(signal.instrumentId),
    );
    if (!size.ok) {
      await record({ skipped: size.reason });
      return 'skipped';
    }
    const quote = signal.atMarket
      ? market.quotePoints(signal.instrumentId)
      : { bid: signal.bid, ask: signal.ask };
    const opened = await steps.open(ctx, { ...signal, lots: size.lots }, quote);
    if (!opened.ok) {
      const reason = SKIP_REASONS[opened.reason];
      if (!reason) throw opened.error;
      await record({ skipped: reason });
      return 'skipped';
    }
    await record({ copyOrderId: opened.order.id });
    return 'mirrored';
  }

  return {
    /** One leader signal on one copy: exactly once per (leader order, copy). */
    mirror(row: SignalRow, copyId: number): AccountCommand<MirrorOutcome> {
      return {
        name: `copy-${row.signal.change}`,
        async run(ctx) {
          const copies = copiesOf(ctx);
          const copy = await copies.find(copyId, ctx.trx);
          if (!copy || copy.accountId !== ctx.accountId) return 'nothing';
          const done = await copies.trade(copyId, row.leaderOrderId, ctx.trx);
          const signal = row.signal;
          if (signal.change === 'open') {
            if (done || !isRunning(copy)) return 'nothing';
            return mirrorOpen(ctx, copy, row, signal);
          }
          if (!done?.copyOrderId) return 'nothing';
          if (signal.change === 'close')
            return (await steps.close(ctx, done.copyOrderId, signal.price)) ? 'closed' : 'nothing';
          const set = await steps.setStops(
            ctx,
            done.copyOrderId,
            signal.takeProfit,
            signal.stopLoss,
          );
          return set ? 'stops' : 'nothing';
        },
      };
    },

    /** The follower's side of money moving into a copy: at most the free balance. */
    fundOut(amount: Micros, then?: (ctx: CommandContext) => Promise<void>): AccountCommand<void> {
      return {
        name: 'copy-fund-out',
        async run(ctx) {
          const available = await ctx.available();
          if (amount > available)
            throw new AppError('COPY_FUNDS_SHORT', { available: usdFigure(available) });
          ctx.post([{ kind: 'copy-out', amount: negateMicros(amount) }], null);
          await then?.(ctx);
        },
      };
    },

    /** The copy account's side of money moving in. */
    fundIn(amount: Micros): AccountCommand<void> {
      return {
        name: 'copy-fund-in',
        async run(ctx) {
          ctx.post([{ kind: 'copy-fund', amount }], null);
        },
      };
    },

    /**
     * Takes `amount` back from a running copy: at most its free margin, and the copy keeps at
     * least the minimum. What was invested goes down by the same amount.
     */
    takeBack(copyId: number, amount: Micros): AccountCommand<Micros> {
      return {
        name: 'copy-take-back',
        async run(ctx) {
          const copies = copiesOf(ctx);
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
          if (!(await copies.addInvested(copyId, negateMicros(amount), ctx.trx)))
            throw new AppError('COPY_STATE');
          ctx.post([{ kind: 'copy-return', amount: negateMicros(amount) }], null);
          return amount;
        },
      };
    },

    /** The follower's side of money coming back from a copy. */
    receive(amount: Micros): AccountCommand<void> {
      return {
        name: 'copy-receive',
        async run(ctx) {
          if (amount > 0n) ctx.post([{ kind: 'copy-in', amount }], null);
        },
      };
    },

    /**
     * Stops a running copy: every position closes at market, and what the balance then holds
     * leaves for the follower. A copy stop-loss stops only if the equity is at or below its
     * level now (memory screened it; this decides): otherwise null and nothing changes.
     */
    stop(copyId: number, reason: CopyStopReason): AccountCommand<Micros | null> {
      return {
        name: `copy-stop-${reason}`,
        async run(ctx) {
          const copies = copiesOf(ctx);
          const copy = await copies.find(copyId, ctx.trx);
          if (!copy || !isRunning(copy)) return null;
          if (reason === 'copy-stop-loss') {
            const { equity } = await steps.figures(ctx);
            if (equity > stopEquity(copy)) return null;
          }
          await steps.closeAll(ctx);
          // A loss beyond the copy's money is brought to 0 by negative balance protection
          // (trading's rule before commit): the follower gets back what is there, never less than 0.
          const returned = ctx.account.balance > 0n ? ctx.account.balance : ZERO_MICROS;
          if (returned > 0n)
            ctx.post([{ kind: 'copy-return', amount: negateMicros(returned) }], null);
          if (!(await copies.stop(copyId, { returned, reason, at: ctx.at }, ctx.trx)))
            throw new AppError('COPY_STATE');
          return returned;
        },
      };
    },
  };
}

export type CopyCommands = ReturnType<typeof createCopyCommands>;
