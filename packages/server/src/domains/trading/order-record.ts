import {
  asLots,
  asMicros,
  asPricePoints,
  type CloseReason,
  type Direction,
  type Lots,
  type Micros,
  type PricePoints,
  type Side,
  type TrailingStop,
} from '@tradedesk/engine';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import { type OrderState, orderStatus } from './order-lifecycle.ts';
import type { OrdersTable } from './tables.ts';

export interface OrderRecord {
  id: number;
  userId: number;
  instrumentId: number;
  side: Side;
  status: OrderState;
  lots: Lots;
  leverage: number;
  targetPrice: PricePoints | null;
  fillDirection: Direction | null;
  openPrice: PricePoints | null;
  closePrice: PricePoints | null;
  margin: Micros;
  fee: Micros;
  reserve: Micros;
  takeProfit: PricePoints;
  stopLoss: PricePoints;
  pnl: Micros | null;
  closeReason: CloseReason | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  createdAt: number;
  openedAt: number | null;
  closedAt: number | null;
  /** Its trailing stop, if any (distance 0n: none). */
  trailing: TrailingStop;
  /** When the stop loss last moved (the trader or the trailing stop); null if never. */
  stopMovedAt: number | null;
  /** A pending order's expiry; null: good till cancelled. */
  expireAt: number | null;
  /** Of a closed part of a position (a partial close): the position it was taken from. */
  partOf: number | null;
}

export type OrderRow = { [K in keyof OrdersTable]: unknown };

// The columns' units are known here, and only here: each integer column gets its unit once,
// as it is read (lots 10^-4, prices in points, money in micro-USD).
const big = (v: unknown) => toBigInt(v as number | bigint);
const lots = (v: unknown) => asLots(big(v));
const points = (v: unknown) => asPricePoints(big(v));
const pointsOrNull = (v: unknown) => (v === null ? null : points(v));
const micros = (v: unknown) => asMicros(big(v));
const microsOrNull = (v: unknown) => (v === null ? null : micros(v));
const intOrNull = (v: unknown) => (v === null ? null : toInt(v as number | bigint));

/** An order as read from its row. */
export function toOrder(row: OrderRow): OrderRecord {
  return {
    id: toInt(row.id as number | bigint),
    userId: toInt(row.user_id as number | bigint),
    instrumentId: toInt(row.instrument_id as number | bigint),
    side: row.side as Side,
    status: orderStatus.stateOf(row.status as number | bigint),
    lots: lots(row.lots),
    leverage: toInt(row.leverage as number | bigint),
    targetPrice: pointsOrNull(row.target_price),
    fillDirection: row.fill_direction as Direction | null,
    openPrice: pointsOrNull(row.open_price),
    closePrice: pointsOrNull(row.close_price),
    margin: micros(row.margin),
    fee: micros(row.fee),
    reserve: micros(row.reserve),
    takeProfit: points(row.take_profit),
    stopLoss: points(row.stop_loss),
    pnl: microsOrNull(row.pnl),
    closeReason: row.close_reason as CloseReason | null,
    idempotencyKey: row.idempotency_key as string | null,
    requestHash: row.request_hash as string | null,
    createdAt: toInt(row.created_at as number | bigint),
    openedAt: intOrNull(row.opened_at),
    closedAt: intOrNull(row.closed_at),
    trailing: {
      distance: points(row.trailing_distance),
      activation: points(row.trailing_activation),
      active: toInt(row.trailing_active as number | bigint) === 1,
    },
    stopMovedAt: intOrNull(row.stop_moved_at),
    expireAt: intOrNull(row.expire_at),
    partOf: intOrNull(row.part_of),
  };
}
