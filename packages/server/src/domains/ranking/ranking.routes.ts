import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { LeaderProfiles } from './leader-profile.ts';
import type { RankingService } from './ranking.service.ts';

export function registerRankingRoutes(
  app: FastifyInstance,
  deps: {
    ranking: RankingService;
    profiles: LeaderProfiles;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  // Served from the last refresh: a visitor's request never computes the figures.
  registerEndpoint(app, ENDPOINTS.followList, deps.authenticate, () => deps.ranking.list());
  // Visitor endpoints: the registry passes no user, so the profile asks who calls itself (a
  // signed-in caller sees their copy of the leader; a missing or stale token is a visitor).
  registerEndpoint<typeof ENDPOINTS.followDetail, UserRecord>(
    app,
    ENDPOINTS.followDetail,
    deps.authenticate,
    async ({ params, token }) =>
      deps.profiles.detail(params.id, token ? await deps.authenticate(token) : null),
  );
  registerEndpoint(app, ENDPOINTS.followEquity, deps.authenticate, ({ params }) =>
    deps.profiles.equity(params.id, params.period),
  );
}
