import { PAGE_SIZE } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import { registerAdminEndpoint } from '../../platform/operators/admin-endpoint.ts';
import type { LeadersList } from './copy-leaders.admin.ts';
import type { CopySignalsAdmin } from './copy-signals.admin.ts';
import { setLeaderHidden } from './hide-leader.admin.ts';
import { leaderCopies } from './leader-copies.admin.ts';

/** The back office's copy trading calls (ADMIN_ROUTES copyLeaders … retryCopySignal). */
export function registerCopyingAdminRoutes(
  app: FastifyInstance,
  deps: {
    auth: AdminAuth;
    leaders: LeadersList;
    copies: Parameters<typeof leaderCopies>[0];
    hiding: Parameters<typeof setLeaderHidden>[0];
    copySignals: CopySignalsAdmin;
  },
): void {
  const { leaders } = deps;
  const desk = { auth: deps.auth };
  registerAdminEndpoint(app, 'copyLeaders', desk, ({ params }) =>
    leaders.leaders({ ...params, pageSize: PAGE_SIZE }),
  );
  registerAdminEndpoint(app, 'leaderCopies', desk, ({ params }) =>
    leaderCopies(deps.copies, params.id, params.page),
  );
  registerAdminEndpoint(app, 'hideLeader', desk, ({ params, actor }) =>
    setLeaderHidden(deps.hiding, actor, params.id, true),
  );
  registerAdminEndpoint(app, 'unhideLeader', desk, ({ params, actor }) =>
    setLeaderHidden(deps.hiding, actor, params.id, false),
  );
  registerAdminEndpoint(app, 'copySignalsSetAside', desk, ({ params }) =>
    deps.copySignals.setAside(params.page),
  );
  registerAdminEndpoint(app, 'retryCopySignal', desk, ({ params, actor }) =>
    deps.copySignals.retry(actor, params.id),
  );
}
