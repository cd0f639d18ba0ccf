import type { CommandPolicy } from '../../platform/core/command-core.ts';
import { fundsOf, liveOrdersOf, positionsOf } from './account-orders.ts';
import { closeAtMarket, releaseReserve, withdrawPending } from './order-exits.ts';
import { ORDER_STATE } from './order-lifecycle.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { stopOut } from './stop-out.ts';
import type { TradingRules } from './trading-rules.ts';

/** Trading's rules around every command of every account (the command core runs them). */
export function tradingPolicy(rules: TradingRules): CommandPolicy {
  return {
    /**
     * Margin sits outside the balance, so a close (by hand, TP/SL, at a gap) can realize more
     * than the balance holds. Beside open positions that is allowed — their margin and P&L
     * cover it, and only the margin level decides a stop-out, in the same command. With
     * nothing open, reserves settle it and negative balance protection brings it to 0: the
     * database refuses a negative balance without margin held.
     */
    async beforeCommit(ctx) {
      if (ctx.account.balance >= 0n) return;
      await stopOut(ctx, rules, await liveOrdersOf(ctx, rules));
    },
    /** Free margin: what may leave the balance without eating the open positions' margin. */
    async available(ctx) {
      return (await fundsOf(ctx, rules)).exact();
    },
    /** A demo reset: pending orders withdrawn, then positions closed at market. */
    async windDown(ctx, reason) {
      const orders = ctx.repository(createOrdersRepository);
      for (const pending of await orders.ofUser(ctx.accountId, ORDER_STATE.pending)) {
        releaseReserve(ctx, pending);
        await withdrawPending(ctx, pending, reason);
      }
      for (const position of await positionsOf(ctx, rules))
        await closeAtMarket(ctx, rules.market, position, reason);
    },
  };
}
