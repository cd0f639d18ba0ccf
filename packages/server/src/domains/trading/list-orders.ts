import type { MyDeal } from '@tradedesk/contract';
import { AUTO_CLOSE_REASONS, PAGE_SIZE } from '@tradedesk/contract';
import { microsToNumber, type OrderStatus, sumMicros, ZERO_MICROS } from '@tradedesk/engine';
import type { UserRecord } from '../users/index.ts';
import { ORDER_STATE, orderStatus } from './order-lifecycle.ts';
import { toWireOrder } from './order-wire.ts';
import { valuePositions } from './position-values.ts';
import type { TradingDeps } from './trading-rules.ts';

/**
 * One page of my orders of a status (the number my_deal is asked with), with Σ P&L over all of
 * them — realized for the history, floating at the quotes of now for open positions — and my
 * balance. `autoClosed` keeps the history's closes the platform made (TP, SL, stop-out).
 */
export async function listOrders(
  deps: Pick<TradingDeps, 'core' | 'rules' | 'orders' | 'pages'>,
  user: UserRecord,
  status: OrderStatus,
  page: number,
  autoClosed = false,
): Promise<MyDeal> {
  const { market } = deps.rules;
  const account = await deps.core.open(user.id);
  const state = orderStatus.stateOf(status);
  const history = state === ORDER_STATE.history;
  const { rows, total } = await deps.pages.page(user.id, state, page, PAGE_SIZE, {
    reasons: autoClosed && history ? AUTO_CLOSE_REASONS : undefined,
  });
  let all = ZERO_MICROS;
  if (history) all = await deps.pages.realizedPnl(user.id);
  if (state === ORDER_STATE.holding) {
    const positions = valuePositions(market, await deps.orders.ofUser(user.id, state));
    all = sumMicros(positions.map((position) => position.floatingPnl));
  }
  return {
    data: rows.map((order) => toWireOrder(order, market)),
    total,
    all_fact_profits: microsToNumber(all),
    balance: microsToNumber(account.balance),
  };
}
