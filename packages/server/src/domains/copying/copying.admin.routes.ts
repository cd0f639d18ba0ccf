import { PAGE_SIZE } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import { registerAdminEndpoint } from '../../platform/operators/admin-endpoint.ts';
import type { CopySignalsAdmin } from './copy-signals.admin.ts';
import type { CopyingAdminService } from './copying.admin.service.ts';

/** The back office's copy trading calls (ADMIN_ROUTES copyLeaders … retryCopySignal). */
export function registerCopyingAdminRoutes(
  app: FastifyInstance,
  deps: { auth: AdminAuth; copyingAdmin: CopyingAdminService; copySignals: CopySignalsAdmin },
): void {
  const { copyingAdmin } = deps;
  const desk = { auth: deps.auth };
  registerAdminEndpoint(app, 'copyLeaders', desk, ({ params }) =>
    copyingAdmin.leaders({ ...params, pageSize: PAGE_SIZE }),
  );
  registerAdminEndpoint(app, 'leaderCopies', desk, ({ params }) =>
    copyingAdmin.copiesOf(params.id, params.page),
  );
  registerAdminEndpoint(app, 'hideLeader', desk, ({ params, actor }) =>
    copyingAdmin.setHidden(actor, params.id, true),
  );
  registerAdminEndpoint(app, 'unhideLeader', desk, ({ params, actor }) =>
    copyingAdmin.setHidden(actor, params.id, false),
  );
  registerAdminEndpoint(app, 'copySignalsSetAside', desk, ({ params }) =>
    deps.copySignals.setAside(params.page),
  );
  registerAdminEndpoint(app, 'retryCopySignal', desk, ({ params, actor }) =>
    deps.copySignals.retry(actor, params.id),
  );
}
