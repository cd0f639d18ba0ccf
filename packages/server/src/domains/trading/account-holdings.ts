import {
  addMicros,
  createPositionBook,
  type HoldingMarket,
  type Micros,
  type PositionBook,
  subtractMicros,
  ZERO_MICROS,
} from '@tradedesk/engine';
import { isHolding, isPending } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import type { PricingMarket } from './position-values.ts';

/**
 * What an account holds, kept as its orders come and go, so that a command's checks cost
 * O(instruments held) rather than O(orders): its open positions summed per instrument and
 * side (the book), how many pending orders it has, and what their reserves hold.
 */
export interface AccountHoldings {
  positions: PositionBook<number>;
  /** Pending orders and open positions together (what the open-orders cap counts). */
  readonly live: number;
  readonly pending: number;
  /** Σ reserves of pending orders. */
  readonly reserved: Micros;
  /** An order entering (after), changing (both) or leaving (before) the account's live orders. */
  change(before: OrderRecord | undefined, after: OrderRecord | undefined): void;
}

export function createAccountHoldings(): AccountHoldings {
  const positions = createPositionBook<number>();
  let pending = 0;
  let reserved = ZERO_MICROS;

  function leave(order: OrderRecord): void {
    if (isHolding(order)) positions.remove(order.id);
    else if (isPending(order)) {
      pending -= 1;
      reserved = subtractMicros(reserved, order.reserve);
    }
  }

  function enter(order: OrderRecord): void {
    if (isHolding(order))
      positions.add(order.id, {
        instrumentId: order.instrumentId,
        side: order.side,
        lots: order.lots,
        // A holding order has its open price (the database's CHECK).
        openPrice: order.openPrice!,
        margin: order.margin,
      });
    else if (isPending(order)) {
      pending += 1;
      reserved = addMicros(reserved, order.reserve);
    }
  }

  return {
    positions,
    get live() {
      return positions.size + pending;
    },
    get pending() {
      return pending;
    },
    get reserved() {
      return reserved;
    },
    change(before, after) {
      if (before) leave(before);
      if (after) enter(after);
    },
  };
}

/** The holdings of these live orders (read from the database). */
export function holdingsOf(orders: Iterable<OrderRecord>): AccountHoldings {
  const holdings = createAccountHoldings();
  for (const order of orders) holdings.change(undefined, order);
  return holdings;
}

/** An instrument as the book values it at the current quotes. */
export const holdingMarket =
  (market: PricingMarket) =>
  (instrumentId: number): HoldingMarket => ({
    spec: market.spec(instrumentId),
    quote: market.quotePoints(instrumentId),
    profitRate: market.rates(instrumentId).profit,
  });

/** Holdings of many accounts, kept from their orders' transitions (memory's). */
export function createHoldingsByAccount() {
  const byAccount = new Map<number, AccountHoldings>();
  return {
    change(before: OrderRecord | undefined, after: OrderRecord | undefined): void {
      const accountId = (after ?? before)!.userId;
      let held = byAccount.get(accountId);
      if (!held) {
        held = createAccountHoldings();
        byAccount.set(accountId, held);
      }
      held.change(before, after);
      if (held.live === 0) byAccount.delete(accountId);
    },
    /** An account's holdings; none when it has no live order. */
    get: (accountId: number): AccountHoldings | undefined => byAccount.get(accountId),
  };
}
