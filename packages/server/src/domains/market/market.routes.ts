import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { MarketService } from './market.service.ts';

export function registerMarketRoutes(
  app: FastifyInstance,
  deps: {
    market: MarketService;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  const { market, authenticate } = deps;
  registerEndpoint(app, ENDPOINTS.tradeList, authenticate, ({ params }) =>
    market.tradeList(params.searchCurrency),
  );
  registerEndpoint(app, ENDPOINTS.categories, authenticate, ({ language }) =>
    market.categories(language),
  );
  registerEndpoint(app, ENDPOINTS.kline, authenticate, ({ params }) =>
    market.kline(params.forex_id, params.period),
  );
  registerEndpoint(app, ENDPOINTS.abbreviatedKline, authenticate, ({ params }) =>
    market.sparkline(params.forex_id, params.period),
  );
}
