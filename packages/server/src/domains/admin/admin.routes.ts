import type { FastifyInstance } from 'fastify';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import { registerAdminEndpoint } from '../../platform/operators/admin-endpoint.ts';
import type { Operators } from '../../platform/operators/operators.module.ts';
import type { IdentityService } from '../identity/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { readAdminSettings, updateAdminSettings } from './admin-settings.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import type { OperatorsService } from './operators.service.ts';

export interface AdminRoutesDeps {
  /** A settings change and its audit row in one transaction. */
  transact: Transact;
  auth: AdminAuth;
  /** The audit log's reader. */
  listAudit: Operators['listAudit'];
  users: AdminUsersService;
  operators: OperatorsService;
  identity: IdentityService;
  settings: SettingsService;
  now: () => number;
  /** Called after settings changed and committed: every node's cached settings refresh. */
  onSettingsChanged: () => Promise<void>;
  /** Called after an operator's own password change committed (the first password's file goes). */
  onPasswordChanged: (operator: { email: string }) => Promise<void>;
}

/** The token of an operator call: authorized, so present. */
function sessionToken(token: string | null): string {
  if (token === null) throw new AppError('INVALID_SESSION');
  return token;
}

/** Every operator call of the contract (contract/admin/endpoints.ts). */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminRoutesDeps): void {
  const endpointDeps = { auth: deps.auth };
  const on = <N extends Parameters<typeof registerAdminEndpoint>[1]>(
    name: N,
    handler: Parameters<typeof registerAdminEndpoint<N>>[3],
  ) => registerAdminEndpoint(app, name, endpointDeps, handler);

  on('login', ({ params, ip }) => deps.auth.login(params, ip));
  on('logout', async ({ token }) => {
    if (token) await deps.auth.logout(token);
    return null;
  });
  on('me', async ({ operator }) => deps.auth.me(operator));
  on('otpSetup', ({ operator, params }) => {
    // Enrolled two-factor is never replaced from a session alone: a stolen token must not
    // be able to move the second factor to the thief's phone. Nor enrolled without the
    // password (otpSetup checks it): the thief's phone first would lock the operator out.
    if (operator.otpSecret !== null) throw new AppError('ADMIN_FORBIDDEN');
    return deps.auth.otpSetup(operator, params.password);
  });
  on('otpEnable', async ({ operator, params, actor, token }) => {
    if (operator.otpSecret !== null) throw new AppError('ADMIN_FORBIDDEN');
    // Audited: with a stolen password alone, enrolling one's own phone is the attack to see.
    await deps.auth.otpEnable(operator, params.otp, sessionToken(token), actor);
    return null;
  });
  on('otpDisable', async ({ operator, params, actor, token }) => {
    await deps.auth.otpDisable(operator, params.otp, sessionToken(token), actor);
    return null;
  });
  on('changePassword', async ({ operator, params, actor, token }) => {
    const passwordHash = await deps.auth.checkPasswordChange(
      operator,
      params.old_password,
      params.password,
    );
    await deps.auth.changePassword(operator, passwordHash, sessionToken(token), actor);
    await deps.onPasswordChanged(operator);
    return null;
  });

  on('users', ({ params }) =>
    deps.users.list({ query: params.query, isDemo: params.is_demo, page: params.page }),
  );
  on('user', ({ params, language }) => deps.users.detail(params.id, params.ledger_page, language));
  on('disableUser', ({ params, actor }) => deps.users.disable(actor, params.id));
  on('enableUser', ({ params, actor }) => deps.users.enable(actor, params.id));
  on('creditScore', ({ params, actor }) =>
    deps.users.setCreditScore(actor, params.id, params.credit_score),
  );

  on('identities', ({ params }) =>
    deps.identity.list({ status: params.status, page: params.page }),
  );
  on('approveIdentity', ({ params, actor }) => deps.identity.approve(actor, params.id));
  on('rejectIdentity', ({ params, actor }) =>
    deps.identity.reject(actor, params.id, params.reason),
  );

  on('settings', () => readAdminSettings(deps.settings));
  on('updateSettings', async ({ params, actor }) => {
    const updated = await updateAdminSettings(deps, actor, params);
    await deps.onSettingsChanged();
    return updated;
  });

  on('operators', () => deps.operators.list());
  on('createOperator', ({ params, actor }) => deps.operators.create(actor, params));
  on('disableOperator', ({ params, actor }) => deps.operators.disable(actor, params.id));
  on('resetOperatorOtp', ({ params, actor }) => deps.operators.resetOtp(actor, params.id));
  on('audit', ({ params }) =>
    deps.listAudit({ page: params.page, adminId: params.admin_id, action: params.action }),
  );
}
