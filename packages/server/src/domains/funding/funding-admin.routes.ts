import type { FastifyInstance } from 'fastify';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import { registerAdminEndpoint } from '../../platform/operators/admin-endpoint.ts';
import type { DepositsService } from './deposits.service.ts';
import type { FundingConfigService } from './funding-config.service.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

/** The finance desk's calls (contract/admin): review queues and the cashier's configuration. */
export function registerFundingAdminRoutes(
  app: FastifyInstance,
  deps: {
    auth: AdminAuth;
    deposits: DepositsService;
    withdrawals: WithdrawalsService;
    config: FundingConfigService;
  },
): void {
  const endpointDeps = { auth: deps.auth };
  const on = <N extends Parameters<typeof registerAdminEndpoint>[1]>(
    name: N,
    handler: Parameters<typeof registerAdminEndpoint<N>>[3],
  ) => registerAdminEndpoint(app, name, endpointDeps, handler);
  const { deposits, withdrawals, config } = deps;

  on('deposits', ({ params }) => deposits.queue(params.status, params.page));
  on('approveDeposit', ({ params, actor }) => deposits.approve(actor, params.id));
  on('rejectDeposit', ({ params, actor }) => deposits.reject(actor, params.id, params.remark));
  on('invalidDeposit', ({ params, actor }) => deposits.invalid(actor, params.id, params.remark));

  on('withdrawals', ({ params }) => withdrawals.queue(params.status, params.page));
  on('approveWithdrawal', ({ params, actor }) => withdrawals.approve(actor, params.id));
  on('rejectWithdrawal', ({ params, actor }) =>
    withdrawals.reject(actor, params.id, params.reason),
  );
  on('paidWithdrawal', ({ params, actor }) => withdrawals.paid(actor, params.id, params.reference));

  on('fundingConfig', () => config.config());
  on('saveNetwork', ({ params, actor }) => config.saveNetwork(actor, params));
  on('saveWire', ({ params, actor }) => config.saveWire(actor, params));
  on('saveDrawCurrency', ({ params, actor }) => config.saveDrawCurrency(actor, params));
}
