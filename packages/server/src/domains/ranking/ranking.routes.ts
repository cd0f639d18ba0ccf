import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { RankingService } from './ranking.service.ts';

export function registerRankingRoutes(
  app: FastifyInstance,
  deps: {
    ranking: RankingService;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  // Served from the last refresh: a visitor's request never computes the figures.
  registerEndpoint(app, ENDPOINTS.followList, deps.authenticate, () => deps.ranking.list());
}
