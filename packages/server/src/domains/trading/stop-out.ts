import { closingPrice, type LedgerEntry, planStopOut } from '@tradedesk/engine';
import type { AccountCommand, CommandContext } from '../../platform/core/command-core.ts';
import { liveOrdersOf } from './account-orders.ts';
import { closeAtPrice, releaseReserve, withdrawPending } from './order-exits.ts';
import type { OrderRecord } from './order-record.ts';
import { pendingOf, valuePositions } from './position-values.ts';
import type { TradingRules } from './trading-rules.ts';

/**
 * Stop-out and negative balance protection (DECISIONS.md, the engine's `planStopOut`) on the
 * account's live orders: while the margin level is below the stop-out level, pending orders
 * are cancelled (largest reserve first), then positions closed (largest loss first); with
 * nothing open, a balance below 0 is settled from reserves, then brought to 0 by protection
 * (in the last close's update, or alone).
 */
export async function stopOut(
  ctx: CommandContext,
  rules: Pick<TradingRules, 'market' | 'stopOutLevel'>,
  live: readonly OrderRecord[],
): Promise<void> {
  const { market } = rules;
  const plan = planStopOut(
    ctx.account.balance,
    valuePositions(market, live),
    pendingOf(live),
    rules.stopOutLevel,
  );
  const byId = new Map(live.map((order) => [String(order.id), order]));
  for (const id of plan.cancel) {
    const order = byId.get(id)!;
    releaseReserve(ctx, order);
    await withdrawPending(ctx, order, 'stop-out');
  }
  const protection: LedgerEntry[] =
    plan.protection > 0n ? [{ kind: 'protection', amount: plan.protection }] : [];
  if (plan.close.length === 0 && protection.length > 0) ctx.post(protection, null);
  for (const [index, id] of plan.close.entries()) {
    const position = byId.get(id)!;
    const last = index === plan.close.length - 1;
    await closeAtPrice(
      ctx,
      market,
      position,
      closingPrice(position.side, market.quotePoints(position.instrumentId)),
      'stop-out',
      last ? protection : [],
    );
  }
}

/** Stop-out of an account memory screened as due, decided on what the database holds. */
export function stopOutCommand(rules: TradingRules): AccountCommand<void> {
  return {
    name: 'stop-out',
    run: async (ctx) => stopOut(ctx, rules, await liveOrdersOf(ctx, rules)),
  };
}
