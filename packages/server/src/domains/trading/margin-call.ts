import type { StopOutAt } from '@tradedesk/contract';
import { type AccountFigures, closingPrice, isBelowLevel, stopOutPrice } from '@tradedesk/engine';
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
    /** The account crossed below the margin call level (told once per crossing). */
    'margin-call': { level: bigint; stopOutAt: StopOutAt | null };
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

/** An account's margin call state as it stands: whether it is below the level, and where stop-out is. */
export function marginCallOf(
  rules: Pick<TradingRules, 'market' | 'stopOutLevel' | 'marginCallLevel'>,
  figures: AccountFigures,
  live: Iterable<OrderRecord>,
): { inCall: boolean; stopOutAt: StopOutAt | null } {
  const inCall = isBelowLevel(figures, rules.marginCallLevel);
  return {
    inCall,
    stopOutAt: inCall ? stopOutAtOf(rules.market, figures, live, rules.stopOutLevel) : null,
  };
}

const marginCalls = (executor: Executor<TradingTables>) => ({
  async isCalled(userId: number): Promise<boolean> {
    const row = await executor
      .selectFrom('margin_calls')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  },
  async call(userId: number, level: bigint, at: number): Promise<void> {
    await executor
      .insertInto('margin_calls')
      .values({ user_id: userId, level, called_at: at })
      .execute();
  },
  async recover(userId: number): Promise<void> {
    await executor.deleteFrom('margin_calls').where('user_id', '=', userId).execute();
  },
});

/** Where an account stands after a margin call check: crossed, in call, recovered, or clear. */
export type MarginCallOutcome = 'called' | 'in-call' | 'recovered' | 'clear';

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
      const called = await calls.isCalled(ctx.accountId);
      if (state.inCall === called) return called ? 'in-call' : 'clear';
      if (!state.inCall) {
        await calls.recover(ctx.accountId);
        return 'recovered';
      }
      const level = figures.marginLevel ?? 0n;
      await calls.call(ctx.accountId, level, ctx.at);
      ctx.emit({ type: 'margin-call', level, stopOutAt: state.stopOutAt });
      return 'called';
    },
  };
}
