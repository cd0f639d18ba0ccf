import type { StopOutAt } from '@tradedesk/contract';
import {
  type AccountFigures,
  closingPrice,
  depositToRestore,
  isBelowLevel,
  type Micros,
  stopOutPrice,
} from '@tradedesk/engine';
import type { AccountCommand } from '../../platform/core/command-core.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { pointsToNumber, type QuoteReader } from '../market/index.ts';
import { liveOrdersOf } from './account-orders.ts';
import { isHolding } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { figuresOver } from './position-values.ts';
import type { TradingTables } from './tables.ts';
import type { TradingRules } from './trading-rules.ts';

declare module '../../platform/core/account-commit.ts' {
  interface AccountEventMap {
    /**
     * The account crossed below the margin call level (stage 1) or below the second, closer
     * level (stage 2): told once per crossing. `deposit` brings it back to the call level.
     */
    'margin-call': {
      level: bigint;
      stage: MarginCallStage;
      stopOutAt: StopOutAt | null;
      deposit: Micros;
    };
  }
}

type Quotes = Pick<QuoteReader, 'instrument' | 'spec' | 'quotePoints' | 'rates'>;

/**
 * How far a margin call is from stop-out (issue 40): the price of the largest position (by
 * margin) at which the margin level would reach the stop-out level, every other price as it is
 * now. Null without open positions.
 */
export function stopOutAtOf(
  market: Quotes,
  figures: Pick<AccountFigures, 'equity' | 'usedMargin'>,
  live: Iterable<OrderRecord>,
  stopOutLevel: bigint,
): StopOutAt | null {
  let largest: OrderRecord | undefined;
  for (const order of live)
    if (isHolding(order) && (!largest || order.margin > largest.margin)) largest = order;
  if (!largest) return null;
  const instrument = market.instrument(largest.instrumentId);
  const price = stopOutPrice(
    figures,
    {
      spec: market.spec(largest.instrumentId),
      side: largest.side,
      lots: largest.lots,
      openPrice: largest.openPrice!,
      closingPrice: closingPrice(largest.side, market.quotePoints(largest.instrumentId)),
      profitRate: market.rates(largest.instrumentId).profit,
    },
    stopOutLevel,
  );
  return {
    Id: largest.id,
    Code: instrument.code,
    PricePrecision: instrument.precision,
    Price: price === null ? 0 : pointsToNumber(Number(price), instrument.precision),
  };
}

/** Where a margin level stands: 0 at or above the call level, 1 below it, 2 below the second. */
export type MarginCallStage = 0 | 1 | 2;

/**
 * The second, closer warning (issue 41, cTrader's "margin call threshold 2"): halfway from the
 * margin call level down to stop-out — 75 % between 100 % and 50 %.
 */
export const secondCallLevel = (rules: Pick<TradingRules, 'stopOutLevel' | 'marginCallLevel'>) =>
  (rules.marginCallLevel + rules.stopOutLevel) / 2n;

export function stageOf(
  rules: Pick<TradingRules, 'stopOutLevel' | 'marginCallLevel'>,
  figures: Pick<AccountFigures, 'equity' | 'usedMargin'>,
): MarginCallStage {
  if (!isBelowLevel(figures, rules.marginCallLevel)) return 0;
  return isBelowLevel(figures, secondCallLevel(rules)) ? 2 : 1;
}

/** An account's margin call state as it stands: its stage, and where stop-out is. */
export function marginCallOf(
  rules: Pick<TradingRules, 'market' | 'stopOutLevel' | 'marginCallLevel'>,
  figures: AccountFigures,
  live: Iterable<OrderRecord>,
): { stage: MarginCallStage; stopOutAt: StopOutAt | null } {
  const stage = stageOf(rules, figures);
  return {
    stage,
    stopOutAt: stage > 0 ? stopOutAtOf(rules.market, figures, live, rules.stopOutLevel) : null,
  };
}

const marginCalls = (executor: Executor<TradingTables>) => ({
  /** The stage recorded for the account; 0 without a row. */
  async stageOf(userId: number): Promise<MarginCallStage> {
    const row = await executor
      .selectFrom('margin_calls')
      .select('stage')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? (Number(row.stage) as MarginCallStage) : 0;
  },
  async record(userId: number, stage: 1 | 2, level: bigint, at: number): Promise<void> {
    await executor
      .insertInto('margin_calls')
      .values({ user_id: userId, level, called_at: at, stage })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ level, called_at: at, stage }))
      .execute();
  },
  async recover(userId: number): Promise<void> {
    await executor.deleteFrom('margin_calls').where('user_id', '=', userId).execute();
  },
});

/** The stage an account's margin call check left recorded. */
export type MarginCallOutcome = MarginCallStage;

/**
 * Checks an account's margin level against the margin call level under its lock, on what
 * the database holds. A crossing below is recorded (a `margin_calls` row) and announced once
 * (the `margin-call` event: the trader's socket push); the row goes when the level is back at
 * or above it, so the next crossing is told again. A second node's check finds the row and
 * says nothing.
 */
export function marginCallCommand(
  rules: Pick<TradingRules, 'market' | 'stopOutLevel' | 'marginCallLevel' | 'liveOrdersAt'>,
): AccountCommand<MarginCallOutcome> {
  return {
    name: 'margin-call',
    async run(ctx) {
      const live = await liveOrdersOf(ctx, rules);
      const figures = figuresOver(rules.market, ctx.account.balance, live);
      const state = marginCallOf(rules, figures, live);
      const calls = ctx.repository(marginCalls);
      const recorded = await calls.stageOf(ctx.accountId);
      if (state.stage === recorded) return recorded;
      if (state.stage === 0) {
        await calls.recover(ctx.accountId);
        return 0;
      }
      const level = figures.marginLevel ?? 0n;
      await calls.record(ctx.accountId, state.stage, level, ctx.at);
      // Deeper: told. Back up from the second level to the first: recorded, told nothing, and
      // a fall below the second again is a new crossing.
      if (state.stage > recorded)
        ctx.emit({
          type: 'margin-call',
          level,
          stage: state.stage,
          stopOutAt: state.stopOutAt,
          deposit: depositToRestore(figures, rules.marginCallLevel),
        });
      return state.stage;
    },
  };
}
