import type { InfiniteData } from '@tanstack/react-query';
import type { ForexTradePush, MyDeal } from '@tradedesk/contract';

export type HoldingPages = InfiniteData<MyDeal>;

/**
 * The holding list with a FOREX_TRADE push applied: each order's UpdatePrice and
 * FactProfits, the profit and balance of the summary. `stale` when the list counts other
 * positions than the push carries (it carries all of them): the list must be reloaded.
 */
export function withLivePrices(
  holding: HoldingPages,
  push: ForexTradePush,
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
          const now = live.get(order.Id);
          return now
            ? { ...order, UpdatePrice: now.UpdatePrice, FactProfits: now.FactProfits }
            : order;
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
