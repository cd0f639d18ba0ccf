import { type ExpiryRequest, MAX_ALERTS } from '@tradedesk/contract';
import type { PricePoints } from '@tradedesk/engine';
import type { AccountCommand } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { QuoteReader } from '../market/index.ts';
import { expiryOf } from '../trading/index.ts';
import type { AlertRecord } from './alert-record.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import './alert-events.ts';

/** A price alert as the trader asks for it, its level already in the instrument's points. */
export interface AlertRequest {
  instrumentId: number;
  side: AlertRecord['side'];
  condition: AlertRecord['condition'];
  price: PricePoints;
  repeat: boolean;
  note: string;
  expiry: ExpiryRequest;
}

/** Whether `price` (the watched side of now) is already past the alert's level. */
export function isCrossed(
  alert: Pick<AlertRecord, 'condition' | 'price'>,
  price: PricePoints,
): boolean {
  return alert.condition === 'above' ? price >= alert.price : price <= alert.price;
}

/**
 * Creates a price alert under the account's lock, so that racing creates cannot pass the cap
 * together (at most MAX_ALERTS an account). A level the price has already crossed would fire
 * at once: it is refused, saying so.
 */
export function createAlertCommand(
  market: Pick<QuoteReader, 'instrument' | 'quotePoints'>,
  request: AlertRequest,
): AccountCommand<AlertRecord> {
  return {
    name: 'alert-create',
    async run(ctx) {
      const alerts = ctx.repository(createAlertsRepository);
      if ((await alerts.countOf(ctx.accountId)) >= MAX_ALERTS)
        throw new AppError('TOO_MANY_ALERTS', { max: MAX_ALERTS });
      const quote = market.quotePoints(request.instrumentId);
      if (isCrossed(request, quote[request.side])) throw new AppError('ALERT_ALREADY_CROSSED');
      const alert = await alerts.insert({
        userId: ctx.accountId,
        instrumentId: request.instrumentId,
        side: request.side,
        condition: request.condition,
        price: request.price,
        repeat: request.repeat,
        note: request.note,
        expireAt: expiryOf(request.expiry, market.instrument(request.instrumentId), ctx.at),
        createdAt: ctx.at,
      });
      ctx.emit({ type: 'alert', change: 'created', alert });
      return alert;
    },
  };
}

/** Deletes one of the account's alerts; another's is answered like a missing one. */
export function deleteAlertCommand(alertId: number): AccountCommand<AlertRecord> {
  return {
    name: 'alert-delete',
    async run(ctx) {
      const alerts = ctx.repository(createAlertsRepository);
      const alert = await alerts.find(alertId);
      if (!alert || alert.userId !== ctx.accountId) throw new AppError('ALERT_NOT_FOUND');
      if (!(await alerts.delete(ctx.accountId, alertId))) throw new AppError('ALERT_NOT_FOUND');
      ctx.emit({ type: 'alert', change: 'deleted', alert });
      return alert;
    },
  };
}
