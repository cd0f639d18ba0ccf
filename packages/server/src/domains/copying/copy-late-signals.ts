import { isHolding, type OrdersRepository } from '../trading/index.ts';
import { SIGNAL_CHANGE, type SignalRow } from './copy-signals.ts';
import type { SignalOutbox } from './signal-outbox.repository.ts';

/**
 * What a signal means when it is mirrored late (issue 36): a signal set aside after its last
 * attempt and put back by an operator, while the leader's later signals went on. Each copy
 * must end as the leader's position stands; so, by the leader's order now:
 * - an open whose position the leader has closed, with no close of it still to come (that
 *   close went by and found nothing on the copies), opens at the leader's fill and closes at
 *   once at the leader's close price: the copy books the leader's trade, as it would have on
 *   time. A copy_open (at the price of now) takes only what the leader still holds: nothing.
 * - a TP/SL change the leader has changed again since is left: the later one applies (it
 *   went by already, or comes after this one).
 * - a close closes what the copy still holds of the position, at the leader's price.
 * Signals on time are the same: their close (or later TP/SL change) is still waiting.
 */
export function createLateSignals(deps: {
  orders: Pick<OrdersRepository, 'find'>;
  signals: Pick<SignalOutbox, 'closeFollows'>;
}) {
  return {
    /** The signals to mirror, one after another on each copy, for the signal `row`. */
    async stepsOf(row: SignalRow): Promise<SignalRow[]> {
      const { signal } = row;
      if (signal.change === SIGNAL_CHANGE.close || signal.change === SIGNAL_CHANGE.part)
        return [row];
      const order = await deps.orders.find(row.leaderOrderId);
      if (!order) return [row];
      if (signal.change === SIGNAL_CHANGE.stops) {
        const superseded =
          isHolding(order) &&
          (order.takeProfit !== signal.takeProfit || order.stopLoss !== signal.stopLoss);
        return superseded ? [] : [row];
      }
      if (signal.change === SIGNAL_CHANGE.trailing) {
        const superseded =
          isHolding(order) &&
          (order.trailing.distance !== signal.distance ||
            order.trailing.activation !== signal.activation);
        return superseded ? [] : [row];
      }
      if (isHolding(order) || order.closePrice === null) return [row];
      if (await deps.signals.closeFollows(row)) return [row];
      if (signal.atMarket) return [];
      return [row, { ...row, signal: { change: SIGNAL_CHANGE.close, price: order.closePrice } }];
    },
  };
}

export type LateSignals = ReturnType<typeof createLateSignals>;
