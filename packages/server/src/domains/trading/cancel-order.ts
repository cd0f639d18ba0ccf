import type { AccountCommand } from '../../platform/core/command-core.ts';
import type { UserRecord } from '../users/index.ts';
import { ownOrder } from './account-orders.ts';
import { releaseReserve, withdrawPending } from './order-exits.ts';
import { ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { runForTrader, type TradingDeps } from './trading-rules.ts';

/** The trader cancels a pending order: its reserve goes back to the balance. */
export function cancelOrder(
  deps: Pick<TradingDeps, 'core'>,
  user: UserRecord,
  orderId: number,
): Promise<OrderRecord> {
  return runForTrader(deps.core, user, cancelOrderCommand(orderId));
}

export function cancelOrderCommand(orderId: number): AccountCommand<OrderRecord> {
  return {
    name: 'cancel',
    async run(ctx) {
      const order = await ownOrder(ctx, orderId, ORDER.cancel);
      releaseReserve(ctx, order);
      return withdrawPending(ctx, order, 'cancelled');
    },
  };
}
