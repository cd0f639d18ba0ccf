import type { ForexTradePush } from '@tradedesk/contract';
import { addMicros, microsToNumber, ZERO_MICROS } from '@tradedesk/engine';
import { pointsToNumber } from '../market/index.ts';
import { accountDetail } from './account-detail.ts';
import type { AccountView } from './account-views.ts';
import { isHolding, isPending } from './order-lifecycle.ts';
import { liveFigures, type OrderQuotes } from './order-wire.ts';

/** FOREX_TRADE's figures of an account view at the current quotes (`changed` is the gateway's). */
export function livePush(view: AccountView, market: OrderQuotes): Omit<ForexTradePush, 'changed'> {
  let all = ZERO_MICROS;
  let reserved = ZERO_MICROS;
  const live = [];
  for (const order of view.orders.values()) {
    if (isPending(order)) reserved = addMicros(reserved, order.reserve);
    if (!isHolding(order)) continue;
    const figures = liveFigures(order, market);
    all = addMicros(all, figures.pnl);
    live.push({ order, figures });
  }
  const detail = accountDetail(
    view,
    live.map(({ order, figures }) => ({
      id: String(order.id),
      margin: order.margin,
      floatingPnl: figures.pnl,
    })),
    reserved,
  );
  return {
    orders: live.map(({ order, figures }) => {
      const { precision } = market.instrument(order.instrumentId);
      return {
        Id: order.id,
        UpdatePrice: pointsToNumber(Number(figures.updatePrice), precision),
        FactProfits: microsToNumber(figures.pnl),
        TargetLossPrice: pointsToNumber(Number(order.stopLoss), precision),
      };
    }),
    summary: {
      all_fact_profits: microsToNumber(all),
      balance: detail.balance,
      lock_balance: detail.lock_balance,
      net_value: detail.net_value,
      current_margin: detail.current_margin,
      available_assets: detail.available_assets,
      risk_rate: detail.risk_rate,
      available_prepayment: detail.available_prepayment,
      prepayment_ratio: detail.prepayment_ratio,
    },
  };
}
