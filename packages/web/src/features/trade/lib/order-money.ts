import type { Order } from '@tradedesk/contract';
import { type Micros, subtractMicros } from '@tradedesk/engine';
import { wireMicros } from '../../../lib/format.ts';

/** What an order made or lost, exactly: its P&L, its fee and what is left of the P&L after it. */
export interface OrderMoney {
  /** FactProfits: realised (history) or floating (position), before the fee (SPEC.md §9). */
  pnl: Micros;
  /** TradeFee: charged at open. */
  fee: Micros;
  /** What the trade made after its fee: P&L − fee, the trader's result. */
  net: Micros;
}

export function orderMoney(order: Order): OrderMoney {
  const pnl = wireMicros(order.FactProfits);
  const fee = wireMicros(order.TradeFee);
  return { pnl, fee, net: subtractMicros(pnl, fee) };
}
