import {
  type AccountFigures,
  asLots,
  closingPrice,
  type Lots,
  type PricePoints,
} from '@tradedesk/engine';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { createLedgerReads } from '../../platform/core/ledger-reads.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import { AppError, isAppError } from '../../platform/http/app-error.ts';
import { liveOrdersOf } from './account-orders.ts';
import { closePartAtPrice } from './close-part.ts';
import { openMarketCommand } from './open-market.ts';
import { closeAtPrice, releaseReserve, withdrawPending } from './order-exits.ts';
import { isHolding, ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import type { OrderRequest } from './order-request.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { figuresOver } from './position-values.ts';
import { tightens } from './set-trailing.ts';
import type { TradingRules } from './trading-rules.ts';
import './order-events.ts';

/**
 * What opening a copy's position came to: the order, or the refusal the copy records (the
 * error itself too, so that one passed on keeps its message's variables).
 */
export type CopyOpen =
  | { ok: true; order: OrderRecord }
  | { ok: false; reason: AppError['result']; error: AppError };

/** The copy's order if it is still a holding position of this account, else null. */
async function holding(ctx: CommandContext, orderId: number): Promise<OrderRecord | null> {
  const order = await ctx.repository(createOrdersRepository).find(orderId);
  if (!order || order.userId !== ctx.accountId) return null;
  return canApply(ORDER.close, order.status) ? order : null;
}

/**
 * Trading's steps as copy trading (issue 29) runs them inside its own commands on a copy
 * account: a position opened at the leader's quote, closed at the leader's price, TP/SL set
 * as the leader set them. The rules are trading's — lots, leverage, caps, margin — and a
 * refusal is handed back instead of thrown, so that the command can record why it skipped.
 */
export function createCopySteps(rules: TradingRules) {
  const { market } = rules;

  return {
    /** Opens a position at `quote` (the leader's tick): a refusal is returned, nothing written. */
    async open(
      ctx: CommandContext,
      request: OrderRequest,
      quote: { bid: PricePoints; ask: PricePoints },
    ): Promise<CopyOpen> {
      try {
        return {
          ok: true,
          order: await openMarketCommand(rules, request, undefined, quote).run(ctx),
        };
      } catch (error) {
        // Every refusal is raised before the order is written or money is posted.
        if (isAppError(error)) return { ok: false, reason: error.result, error };
        throw error;
      }
    },

    /** Closes the copy's position at `price` (the leader's close); null when already closed. */
    async close(ctx: CommandContext, orderId: number, price: PricePoints) {
      const order = await holding(ctx, orderId);
      return order && closeAtPrice(ctx, market, order, price, 'copy-leader');
    },

    /** Sets the leader's TP/SL on the copy's position (they were valid at the same price). */
    async setStops(
      ctx: CommandContext,
      orderId: number,
      takeProfit: PricePoints,
      stopLoss: PricePoints,
    ) {
      const order = await holding(ctx, orderId);
      if (!order) return null;
      const updated = await ctx
        .repository(createOrdersRepository)
        .setStops(order, takeProfit, stopLoss, ctx.at);
      ctx.emit({ type: 'order', change: 'stops', order: updated });
      return updated;
    },

    /**
     * Closes the same fraction of the copy's position as the leader closed of its own (`lots`
     * of `wholeLots`), rounded down to the lot step, at the leader's price; null when the
     * position is gone, a refusal when the part or the rest would be below the minimum lot.
     */
    async closePart(
      ctx: CommandContext,
      orderId: number,
      fraction: { lots: Lots; wholeLots: Lots },
      price: PricePoints,
    ) {
      const order = await holding(ctx, orderId);
      if (!order) return null;
      const { lotStep } = market.spec(order.instrumentId);
      const exact = (order.lots * fraction.lots) / fraction.wholeLots;
      const lots = asLots(exact - (exact % lotStep));
      return closePartAtPrice(ctx, market, order, lots, price);
    },

    /** Sets the leader's trailing stop on the copy's position, with the leader's stop. */
    async setTrailing(
      ctx: CommandContext,
      orderId: number,
      trailing: { distance: PricePoints; activation: PricePoints; stopLoss: PricePoints },
    ) {
      const order = await holding(ctx, orderId);
      if (!order) return null;
      const active = trailing.distance > 0n && order.trailing.active;
      const updated = await ctx
        .repository(createOrdersRepository)
        .setTrailing(
          order,
          { distance: trailing.distance, activation: trailing.activation, active },
          tightens(order.side, trailing.stopLoss, order.stopLoss)
            ? trailing.stopLoss
            : order.stopLoss,
          ctx.at,
        );
      ctx.emit({ type: 'order', change: 'trailing', order: updated });
      return updated;
    },

    /**
     * Closes every position at market and withdraws every pending order (a copy that stops).
     * Outside an instrument's session there is no price: MARKET_CLOSED_FOR_CLOSE, nothing done.
     */
    async closeAll(ctx: CommandContext): Promise<void> {
      const live = await liveOrdersOf(ctx, rules);
      for (const order of live)
        if (
          canApply(ORDER.close, order.status) &&
          !market.isOpen(market.instrument(order.instrumentId))
        )
          throw new AppError('MARKET_CLOSED_FOR_CLOSE');
      for (const order of live) {
        if (canApply(ORDER.close, order.status))
          await closeAtPrice(
            ctx,
            market,
            order,
            closingPrice(order.side, market.quotePoints(order.instrumentId)),
            'copy-stop',
          );
        else {
          releaseReserve(ctx, order);
          await withdrawPending(ctx, order, 'copy-stop');
        }
      }
    },

    /**
     * Another account's equity and open positions, read within `ctx`'s transaction (a copy
     * starting with copy_open sizes the leader's open positions by the leader's equity).
     */
    async otherAccount(ctx: CommandContext, accountId: number) {
      const balance = await ctx.repository(createLedgerReads).balanceOf(accountId);
      const live = await ctx.repository(createOrdersRepository).liveOf(accountId);
      return {
        figures: figuresOver(market, balance, live),
        positions: live.filter(isHolding),
      };
    },

    /** Equity, margin and free margin of the account now, over what the database holds. */
    async figures(ctx: CommandContext): Promise<AccountFigures> {
      const live = await liveOrdersOf(ctx, rules);
      return figuresOver(market, ctx.account.balance, live);
    },
  };
}

export type CopySteps = ReturnType<typeof createCopySteps>;
