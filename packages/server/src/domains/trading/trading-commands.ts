import {
  checkStops,
  closingPrice,
  fillTrigger,
  NO_PRICE,
  openAtMarket,
  type PricePoints,
  placePending,
} from '@tradedesk/engine';
import type { AccountCommand, CommandPolicy } from '../../platform/core/command-core.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { tradeFeeTypeOf } from '../settings/index.ts';
import { ORDER } from './order-lifecycle.ts';
import type { Idempotency, OrderRequest } from './order-request.ts';
import type { OrderRecord } from './orders.repository.ts';
import type { TriggerKind } from './trigger-host.ts';
import './order-events.ts';
import { createCopySteps } from './copy-steps.ts';
import { createTradingSteps, type TradingStepsDeps } from './trading-steps.ts';

/** What a trigger command found: done, or the order no longer in the state memory had. */
export type TriggerOutcome = 'done' | 'stale';

/**
 * The trading rules of each command, run by the command core on a locked account: every
 * figure a rule decides on is read from the database in the command's transaction.
 */
export function createTradingCommands(deps: TradingStepsDeps) {
  const { orders, market } = deps;
  const steps = createTradingSteps(deps);
  const {
    value,
    marketOf,
    positionsOf,
    liveOrdersOf,
    funds,
    owned,
    closePosition,
    closeAtMarket,
    releaseReserve,
    withdrawPending,
    stopOut,
    placing,
  } = steps;

  return {
    value,
    marketOf,
    /** The steps copy trading runs inside its own commands on copy accounts. */
    copySteps: createCopySteps(steps, deps),

    /**
     * Margin sits outside the balance, so a close (by hand, TP/SL, at a gap) can realize more
     * than the balance holds. Beside open positions that is allowed — their margin and P&L
     * cover it, and only the margin level decides a stop-out, in the same command. With
     * nothing open, reserves settle it and negative balance protection brings it to 0: the
     * database refuses a negative balance without margin held.
     */
    policy: {
      async beforeCommit(ctx) {
        if (ctx.account.balance >= 0n) return;
        await stopOut(ctx, await liveOrdersOf(ctx));
      },
      /** Free margin: what may leave the balance without eating the open positions' margin. */
      async available(ctx) {
        return (await funds(ctx)).freeMargin;
      },
      async windDown(ctx, reason) {
        for (const pending of await orders.ofUser(ctx.accountId, 'pending', ctx.trx)) {
          releaseReserve(ctx, pending);
          await withdrawPending(ctx, pending, reason);
        }
        for (const position of await positionsOf(ctx)) await closeAtMarket(ctx, position, reason);
      },
    } satisfies CommandPolicy,

    openMarket(request: OrderRequest, idempotency?: Idempotency): AccountCommand<OrderRecord> {
      return steps.openingAtMarket(request, idempotency);
    },

    placePending(
      request: OrderRequest & { target: PricePoints },
      idempotency?: Idempotency,
    ): AccountCommand<OrderRecord> {
      return placing('pending', request, idempotency, async (ctx, funds, m, insert) => {
        const result = placePending(funds, m, request);
        if (!result.ok) throw new AppError(result.reason);
        const order = await insert({
          status: ORDER.place.to,
          target_price: request.target,
          fill_direction: fillTrigger(0, request.side, request.target, m.quote).direction,
          reserve: result.reserve,
        });
        ctx.post(result.ledger, order.id, result.reserve);
        ctx.emit({ type: 'order', change: 'placed', order });
        return order;
      });
    },

    cancel(orderId: number): AccountCommand<OrderRecord> {
      return {
        name: 'cancel',
        async run(ctx) {
          const order = await owned(ctx, orderId, ORDER.cancel);
          releaseReserve(ctx, order);
          return withdrawPending(ctx, order, 'cancelled');
        },
      };
    },

    close(orderId: number): AccountCommand<OrderRecord> {
      return {
        name: 'close',
        async run(ctx) {
          const order = await owned(ctx, orderId, ORDER.close);
          // Outside the session there is no price to close at: say so, and when it can be done.
          if (!market.isOpen(market.instrument(order.instrumentId)))
            throw new AppError('MARKET_CLOSED_FOR_CLOSE');
          return closeAtMarket(ctx, order, 'manual');
        },
      };
    },

    setStops(
      orderId: number,
      takeProfit: PricePoints,
      stopLoss: PricePoints,
    ): AccountCommand<OrderRecord> {
      return {
        name: 'set-stops',
        async run(ctx) {
          const order = await owned(ctx, orderId, ORDER.setStops);
          const { bid, ask } = market.quotePoints(order.instrumentId);
          const check = checkStops(order.side, bid, ask, takeProfit, stopLoss);
          if (!check.ok) throw new AppError(check.reason);
          const updated = await orders.setStops(order, takeProfit, stopLoss, ctx.trx);
          ctx.emit({ type: 'order', change: 'stops', order: updated });
          return updated;
        },
      };
    },

    /**
     * A fill, take profit or stop loss reached by a tick, at that tick's prices. Memory fired
     * it; the database decides: an order no longer in the state memory had is left alone.
     */
    trigger(
      orderId: number,
      kind: TriggerKind,
      quote: { bid: PricePoints; ask: PricePoints },
    ): AccountCommand<TriggerOutcome> {
      return {
        name: `trigger-${kind}`,
        async run(ctx) {
          const order = await orders.find(orderId, ctx.trx);
          if (!order || order.userId !== ctx.accountId) return 'stale';
          if (kind !== 'fill') {
            if (!canApply(ORDER.close, order.status)) return 'stale';
            await closePosition(
              ctx,
              order,
              closingPrice(order.side, quote),
              kind === 'tp' ? 'take-profit' : 'stop-loss',
            );
            return 'done';
          }
          if (!canApply(ORDER.fill, order.status)) return 'stale';
          releaseReserve(ctx, order);
          const result = openAtMarket(
            await funds(ctx, order.id),
            {
              ...marketOf(order.instrumentId),
              quote,
              feeType: tradeFeeTypeOf(await ctx.settings()),
            },
            { ...order, takeProfit: NO_PRICE, stopLoss: NO_PRICE },
          );
          if (!result.ok) {
            // The market gapped past what the reserve covered: the order cannot fill.
            await withdrawPending(ctx, order, 'cancelled');
            return 'done';
          }
          const filled = await orders.fill(
            order,
            {
              openPrice: result.position.openPrice,
              margin: result.position.margin,
              fee: result.position.fee,
              at: ctx.at,
            },
            ctx.trx,
          );
          ctx.post(result.ledger, order.id);
          ctx.emit({ type: 'order', change: 'filled', order: filled });
          return 'done';
        },
      };
    },

    /** Stop-out of an account memory screened as due, decided on what the database holds. */
    stopOut(): AccountCommand<void> {
      return {
        name: 'stop-out',
        run: async (ctx) => stopOut(ctx, await liveOrdersOf(ctx)),
      };
    },
  };
}

export type TradingCommands = ReturnType<typeof createTradingCommands>;
