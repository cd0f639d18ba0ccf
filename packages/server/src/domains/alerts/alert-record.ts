import type { AlertStatus } from '@tradedesk/contract';
import { asPricePoints, type PricePoints } from '@tradedesk/engine';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import type { PriceAlertsTable } from './tables.ts';

/** A price alert as the domain works with it: the level in points, times in epoch ms. */
export interface AlertRecord {
  id: number;
  userId: number;
  instrumentId: number;
  side: 'bid' | 'ask';
  condition: 'above' | 'below';
  price: PricePoints;
  repeat: boolean;
  note: string;
  status: AlertStatus;
  firedCount: number;
  lastFiredAt: number | null;
  expireAt: number | null;
  createdAt: number;
}

export type AlertRow = { [K in keyof PriceAlertsTable]: unknown };

const int = (v: unknown) => toInt(v as number | bigint);
const intOrNull = (v: unknown) => (v === null ? null : int(v));

/** An alert as read from its row (the one place that names its columns' units). */
export function toAlert(row: AlertRow): AlertRecord {
  return {
    id: int(row.id),
    userId: int(row.user_id),
    instrumentId: int(row.instrument_id),
    side: row.side as AlertRecord['side'],
    condition: row.condition as AlertRecord['condition'],
    price: asPricePoints(toBigInt(row.price as number | bigint)),
    repeat: int(row.repeat) === 1,
    note: row.note as string,
    status: row.status as AlertStatus,
    firedCount: int(row.fired_count),
    lastFiredAt: intOrNull(row.last_fired_at),
    expireAt: intOrNull(row.expire_at),
    createdAt: int(row.created_at),
  };
}
