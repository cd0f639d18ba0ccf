import type { InfiniteData } from '@tanstack/react-query';
import type { ForexTradePush, LiveOrder, MyDeal, Order } from '@tradedesk/contract';

export type HoldingPages = InfiniteData<MyDeal>;

/** An instant as the server writes times: "YYYY-MM-DD HH:mm:ss" UTC. */
export function serverTimeOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * An order with its live figures. A stop loss the push says has moved (a trailing stop moves
 * it, issue 40) is the order's from now on, moved at the push's arrival, `now`: the server
 * stores the move within a second, and the next load of the list says its own time.
 */
function withLive(order: Order, live: LiveOrder, now: number): Order {
  const next = { ...order, UpdatePrice: live.UpdatePrice, FactProfits: live.FactProfits };
  const stopLoss = live.TargetLossPrice;
  if (stopLoss === undefined || stopLoss === order.TargetLossPrice) return next;
  return { ...next, TargetLossPrice: stopLoss, StopMovedTimeHandler: serverTimeOf(now) };
}

/**
 * The holding list with a FOREX_TRADE push applied: each order's UpdatePrice, FactProfits and
 * stop loss, the profit and balance of the summary. `stale` when the list counts other
 * positions than the push carries (it carries all of them): the list must be reloaded.
 */
export function withLivePrices(
  holding: HoldingPages,
  push: ForexTradePush,
  now: number,
): { holding: HoldingPages; stale: boolean } {
  const live = new Map(push.orders.map((o) => [o.Id, o]));
  const stale = holding.pages[0] !== undefined && holding.pages[0].total !== push.orders.length;
  return {
    stale,
    holding: {
      ...holding,
      pages: holding.pages.map((page) => ({
        ...page,
        all_fact_profits: push.summary.all_fact_profits,
        balance: push.summary.balance,
        data: page.data.map((order) => {
          const figures = live.get(order.Id);
          return figures ? withLive(order, figures, now) : order;
        }),
      })),
    },
  };
}

/** The holding list without a position that closed (FOREX_CLOSED), counted one fewer. */
export function withoutOrder(holding: HoldingPages, id: number): HoldingPages {
  const held = holding.pages.some((page) => page.data.some((o) => o.Id === id));
  if (!held) return holding;
  return {
    ...holding,
    pages: holding.pages.map((page) => ({
      ...page,
      total: page.total - 1,
      data: page.data.filter((o) => o.Id !== id),
    })),
  };
}
