import type { ExpiryRequest } from '@tradedesk/contract';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import { createPartitionSweep } from '../../platform/cluster/partition-sweep.ts';
import type { AccountCommand, CommandCore } from '../../platform/core/command-core.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type InstrumentRecord, sessionEnd } from '../market/index.ts';
import { releaseReserve, withdrawPending } from './order-exits.ts';
import { ORDER } from './order-lifecycle.ts';
import { createOrdersRepository, type OrdersRepository } from './orders.repository.ts';

/**
 * When a pending order asked to expire `request` does (epoch ms), or null for good till
 * cancelled: "today" is the end of its instrument's trading day; a moment must lie ahead.
 */
export function expiryOf(
  request: ExpiryRequest,
  instrument: Pick<InstrumentRecord, 'schedule'>,
  now: number,
): number | null {
  if (request === 'gtc') return null;
  if (request === 'today') return sessionEnd(instrument.schedule, now);
  if (request <= now) throw new AppError('EXPIRY_IN_PAST');
  return request;
}

/** What an expiry command found: done, or the order no longer pending past its expiry. */
export type ExpiryOutcome = 'done' | 'stale';

/**
 * Cancels a pending order whose expiry has come: its reserve back to the balance, the order
 * to history as `expired` (the trader is told, as of a stop loss). Decided on what the
 * database holds under the account's lock: an order filled, cancelled or moved to a later
 * expiry meanwhile is left alone, so a second node's sweep changes nothing.
 */
export function expirePendingCommand(orderId: number): AccountCommand<ExpiryOutcome> {
  return {
    name: 'expire-pending',
    async run(ctx) {
      const order = await ctx.repository(createOrdersRepository).find(orderId);
      if (!order || order.userId !== ctx.accountId || !canApply(ORDER.cancel, order.status))
        return 'stale';
      if (order.expireAt === null || order.expireAt > ctx.at) return 'stale';
      releaseReserve(ctx, order);
      await withdrawPending(ctx, order, 'expired');
      return 'done';
    },
  };
}

/** Orders one sweep cancels at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * The sweep that cancels pending orders on time: each node takes the due orders of the
 * accounts it fires triggers for (its partitions; the embedded default, all), each as a
 * command fenced by its partition's lease.
 */
export function createExpirySweep(deps: {
  core: CommandCore;
  orders: Pick<OrdersRepository, 'dueToExpire'>;
  ownership: EngineOwnership;
  now: () => number;
  onError: (error: unknown) => void;
}) {
  return createPartitionSweep({
    ...deps,
    due: (now) => deps.orders.dueToExpire(now, SWEEP_BATCH),
    commandOf: (order) => expirePendingCommand(order.id),
  });
}
