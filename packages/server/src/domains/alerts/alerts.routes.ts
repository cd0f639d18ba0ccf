import { ENDPOINTS, MAX_ALERTS } from '@tradedesk/contract';
import { parsePricePoints } from '@tradedesk/engine';
import type { FastifyInstance } from 'fastify';
import type { CommandCore } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { QuoteReader } from '../market/index.ts';
import type { UserRecord } from '../users/index.ts';
import { toWireAlert } from './alert-wire.ts';
import type { AlertsRepository } from './alerts.repository.ts';
import { createAlertCommand, deleteAlertCommand } from './create-alert.ts';

/** The trader's price alert calls (issue 41): list, create, delete. */
export function registerAlertsRoutes(
  app: FastifyInstance,
  deps: {
    core: CommandCore;
    alerts: AlertsRepository;
    market: Pick<QuoteReader, 'instrument' | 'quotePoints'>;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  const { core, market } = deps;
  registerEndpoint(app, ENDPOINTS.alerts, deps.authenticate, async ({ user }) => ({
    data: (await deps.alerts.ofUser(user.id)).map((a) => toWireAlert(a, market)),
    max: MAX_ALERTS,
  }));

  registerEndpoint(app, ENDPOINTS.alertCreate, deps.authenticate, async (c) => {
    const { params } = c;
    const instrument = market.instrument(params.forex_id);
    let price: ReturnType<typeof parsePricePoints>;
    try {
      price = parsePricePoints(params.price, instrument.precision);
    } catch {
      throw new AppError('BAD_REQUEST', { field: 'price' });
    }
    if (price <= 0n) throw new AppError('BAD_REQUEST', { field: 'price' });
    const alert = await core.execute(
      c.user.id,
      createAlertCommand(market, {
        instrumentId: instrument.id,
        side: params.side,
        condition: params.condition,
        price,
        repeat: params.repeat === 1,
        note: params.note ?? '',
        expiry: params.expire_at ?? 'gtc',
      }),
      { create: true },
    );
    c.setMessage('alert.created');
    return toWireAlert(alert, market);
  });

  registerEndpoint(app, ENDPOINTS.alertDelete, deps.authenticate, async (c) => {
    const alert = await core.execute(c.user.id, deleteAlertCommand(c.params.id), {
      create: true,
    });
    c.setMessage('alert.deleted');
    return toWireAlert(alert, market);
  });
}
