import { createHash } from 'node:crypto';
import { ENDPOINTS, USD_AMOUNT_DECIMALS } from '@tradedesk/contract';
import { type Micros, parseMicros } from '@tradedesk/engine';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import { idempotencyKey } from '../../platform/http/idempotency-key.ts';
import type { UserRecord } from '../users/index.ts';
import type { CopyingService } from './copying.service.ts';
import type { LeaderConsent } from './leader-consent.ts';

/** A USD amount of the request, exact to the µUSD; more decimals is AMOUNT_INVALID, not a 500. */
function usdAmount(text: string): Micros {
  try {
    return parseMicros(text);
  } catch {
    throw new AppError('AMOUNT_INVALID', { decimals: USD_AMOUNT_DECIMALS });
  }
}

export function registerCopyingRoutes(
  app: FastifyInstance,
  deps: {
    copying: CopyingService;
    consent: LeaderConsent;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  const { copying, authenticate } = deps;

  registerEndpoint(app, ENDPOINTS.followCopy, authenticate, ({ user, params, request }) => {
    const key = idempotencyKey(request);
    const start = {
      leaderId: params.id,
      amount: usdAmount(params.amount),
      copySlRate: params.copy_sl_rate,
      copyOpen: params.copy_open === 1,
    };
    // A repeat with the same key and the same parameters answers the first copy (Stripe's).
    const hash = createHash('sha256')
      .update(JSON.stringify([start.leaderId, params.amount, start.copySlRate, start.copyOpen]))
      .digest('hex');
    return copying.copy(user, { ...start, idempotency: key ? { key, hash } : undefined });
  });
  registerEndpoint(app, ENDPOINTS.followPause, authenticate, ({ user, params }) =>
    copying.pause(user, params.copy_id),
  );
  registerEndpoint(app, ENDPOINTS.followResume, authenticate, ({ user, params }) =>
    copying.resume(user, params.copy_id),
  );
  registerEndpoint(app, ENDPOINTS.followAddFunds, authenticate, ({ user, params }) =>
    copying.addFunds(user, params.copy_id, params.amount),
  );
  registerEndpoint(app, ENDPOINTS.followStop, authenticate, ({ user, params }) =>
    copying.stop(user, params.copy_id),
  );
  registerEndpoint(app, ENDPOINTS.myCopies, authenticate, ({ user }) => copying.myCopies(user));
  registerEndpoint(app, ENDPOINTS.followSettings, authenticate, ({ user }) =>
    deps.consent.settings(user),
  );
  registerEndpoint(app, ENDPOINTS.setFollowSettings, authenticate, ({ user, params, ip }) =>
    deps.consent.set(user, params, ip),
  );
}
