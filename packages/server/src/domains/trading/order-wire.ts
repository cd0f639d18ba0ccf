import type { Order } from '@tradedesk/contract';
import {
  closingPrice,
  floatingPnl,
  formatDecimal,
  LOT_SCALE,
  type Micros,
  microsToNumber,
  NO_PRICE,
  openingPrice,
  type PricePoints,
  ZERO_MICROS,
} from '@tradedesk/engine';
import { wireTime } from '../../platform/http/wire-time.ts';
import { pointsToNumber, type QuoteReader } from '../market/index.ts';
import { isFinished, isPending, orderStatus } from './order-lifecycle.ts';
import type { OrderRecord } from './orders.repository.ts';

/** What an order's wire shape and live figures read of the market (the quote port's part). */
export type OrderQuotes = Pick<QuoteReader, 'instrument' | 'spec' | 'quotePoints' | 'rates'>;

/** What the order is worth now: the price it would close (or fill) at, and its P&L. */
export function liveFigures(
  order: OrderRecord,
  market: Pick<QuoteReader, 'spec' | 'quotePoints' | 'rates'>,
): { updatePrice: PricePoints; pnl: Micros } {
  if (isFinished(order))
    return { updatePrice: order.closePrice ?? NO_PRICE, pnl: order.pnl ?? ZERO_MICROS };
  const quote = market.quotePoints(order.instrumentId);
  if (isPending(order)) return { updatePrice: openingPrice(order.side, quote), pnl: ZERO_MICROS };
  return {
    updatePrice: closingPrice(order.side, quote),
    pnl: floatingPnl(
      { side: order.side, lots: order.lots, openPrice: order.openPrice! },
      {
        spec: market.spec(order.instrumentId),
        quote,
        rates: market.rates(order.instrumentId),
      },
    ),
  };
}

/** An order as SPEC.md §3 names its fields. */
export function toWireOrder(order: OrderRecord, market: OrderQuotes): Order {
  const instrument = market.instrument(order.instrumentId);
  const price = (points: PricePoints | null) =>
    points === null ? 0 : pointsToNumber(Number(points), instrument.precision);
  const live = liveFigures(order, market);
  return {
    Id: order.id,
    ForexId: order.instrumentId,
    ForexTradeLists: {
      ShowCode: instrument.code,
      Code: instrument.code,
      PricePrecision: instrument.precision,
    },
    OrderType: order.side === 'buy' ? 1 : 2,
    Status: orderStatus.codeOf(order.status),
    Quantity: Number(formatDecimal(order.lots, LOT_SCALE)),
    Multiple: instrument.marginMode === 1 ? 0 : order.leverage,
    OriginPrice: price(order.targetPrice ?? order.openPrice),
    Price: price(order.openPrice),
    UpdatePrice: price(live.updatePrice),
    FactProfits: microsToNumber(live.pnl),
    CautionMoney: microsToNumber(isPending(order) ? order.reserve : order.margin),
    TradeFee: microsToNumber(order.fee),
    TargetLossPrice: price(order.stopLoss),
    TargetProfitPrice: price(order.takeProfit),
    ClosePrice: price(order.closePrice),
    CloseReason: order.closeReason,
    CreateTimeHandler: wireTime(order.createdAt),
    CloseTimeHandler: order.closedAt === null ? null : wireTime(order.closedAt),
    TrailingDistance: price(order.trailing.distance),
    TrailingActivation: price(order.trailing.activation),
    StopMovedTimeHandler: order.stopMovedAt === null ? null : wireTime(order.stopMovedAt),
    ExpireTimeHandler: order.expireAt === null ? null : wireTime(order.expireAt),
    PartOf: order.partOf,
  };
}
