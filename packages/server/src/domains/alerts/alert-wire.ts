import type { Alert } from '@tradedesk/contract';
import { pointsToNumber, type QuoteReader } from '../market/index.ts';
import type { AlertRecord } from './alert-record.ts';

/** An alert as the contract names its fields. */
export function toWireAlert(alert: AlertRecord, market: Pick<QuoteReader, 'instrument'>): Alert {
  const instrument = market.instrument(alert.instrumentId);
  return {
    id: alert.id,
    forex_id: alert.instrumentId,
    code: instrument.code,
    price_precision: instrument.precision,
    side: alert.side,
    condition: alert.condition,
    price: pointsToNumber(Number(alert.price), instrument.precision),
    repeat: alert.repeat ? 1 : 0,
    note: alert.note,
    status: alert.status,
    fired_count: alert.firedCount,
    last_fired_at: alert.lastFiredAt,
    expire_at: alert.expireAt,
    created_at: alert.createdAt,
  };
}
