import type { AccountCommand } from '../../platform/core/command-core.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import { ORDER } from './order-lifecycle.ts';
import { createOrdersRepository } from './orders.repository.ts';
import type { TrailingMove } from './trigger-host.ts';
import './order-events.ts';

/**
 * Stores the moves memory's trailing books made to one account's stops since the last time:
 * each a conditional update the database refuses unless the position still holds under the
 * same trailing stop and the stop only tightens (the ratchet), so a move that lost a race with
 * the trader, a close or another node's store changes nothing. Returns how many were stored.
 */
export function storeTrailingMovesCommand(moves: readonly TrailingMove[]): AccountCommand<number> {
  return {
    name: 'trailing-moves',
    async run(ctx) {
      const orders = ctx.repository(createOrdersRepository);
      let stored = 0;
      for (const move of moves) {
        const order = await orders.find(move.orderId);
        if (!order || order.userId !== ctx.accountId || !canApply(ORDER.setStops, order.status))
          continue;
        if (
          order.trailing.distance !== move.distance ||
          order.trailing.activation !== move.activation
        )
          continue;
        if (order.stopLoss === move.stopLoss && order.trailing.active === move.active) continue;
        const moved = await orders.moveTrailingStop(order, { ...move, at: ctx.at });
        if (!moved) continue;
        ctx.emit({ type: 'order', change: 'trailed', order: moved });
        stored += 1;
      }
      return stored;
    },
  };
}

/**
 * The moves memory's trailing books made since the last call, stored: one command per account
 * (`run`), each move at most a second after memory made it, so that a restart or a partition's
 * takeover starts from it. Memory fires from its own moves meanwhile.
 */
export function storeTrailingMoves(
  moves: readonly (TrailingMove & { userId: number })[],
  run: (accountId: number, command: AccountCommand<number>) => Promise<unknown>,
): Promise<void> {
  const byAccount = new Map<number, TrailingMove[]>();
  for (const move of moves) {
    const mine = byAccount.get(move.userId) ?? [];
    mine.push(move);
    byAccount.set(move.userId, mine);
  }
  const jobs = [...byAccount].map(([accountId, mine]) =>
    run(accountId, storeTrailingMovesCommand(mine)),
  );
  return Promise.all(jobs).then(() => undefined);
}
