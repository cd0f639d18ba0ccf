import { accountFigures, floatingPnl, type Micros, sumMicros } from '@tradedesk/engine';
import type { QuoteReader } from '../market/index.ts';
import { isHolding, isPending, type OrdersRepository } from '../trading/index.ts';

/** A pending or holding order, as trading's repository reads it. */
export type LiveOrder = Awaited<ReturnType<OrdersRepository['live']>>[number];

/** What valuing positions reads of the market: the quotes of now (or of a replayed moment). */
export type Quotes = Pick<QuoteReader, 'spec' | 'quotePoints' | 'rates'>;

/**
 * An account's equity now: balance + Σ reserves of pending orders + Σ (margin + floating P&L)
 * of open positions — the engine's `accountFigures`, over positions valued as trading values
 * them (trading's `value()`: the P&L at the closing side of the current quote, converted at
 * the current rates). Withdrawals on hold are not in it: they are leaving the account.
 */
export function equityOf(balance: Micros, live: readonly LiveOrder[], market: Quotes): Micros {
  const reserved = sumMicros(live.filter(isPending).map((o) => o.reserve));
  const positions = live.filter(isHolding).map((o) => ({
    id: String(o.id),
    margin: o.margin,
    floatingPnl: floatingPnl(
      { side: o.side, lots: o.lots, openPrice: o.openPrice! },
      {
        spec: market.spec(o.instrumentId),
        quote: market.quotePoints(o.instrumentId),
        rates: market.rates(o.instrumentId),
      },
    ),
  }));
  return accountFigures({ balance, reserved }, positions).equity;
}

/** Live orders by account. */
export function liveByAccount(live: readonly LiveOrder[]): Map<number, LiveOrder[]> {
  const byAccount = new Map<number, LiveOrder[]>();
  for (const order of live) {
    const list = byAccount.get(order.userId) ?? [];
    list.push(order);
    byAccount.set(order.userId, list);
  }
  return byAccount;
}
