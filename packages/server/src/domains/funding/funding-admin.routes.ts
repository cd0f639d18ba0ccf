import type { FastifyInstance } from 'fastify';
import type { AdminAuth } from '../../platform/operators/admin-auth.service.ts';
import { registerAdminEndpoint } from '../../platform/operators/admin-endpoint.ts';
import { approveDeposit } from './approve-deposit.ts';
import { approveWithdrawal } from './approve-withdrawal.ts';
import { fundingConfig } from './funding-config.ts';
import type { FundingDeps } from './funding-deps.ts';
import { depositQueue } from './list-deposits.ts';
import { withdrawalQueue } from './list-withdrawals.ts';
import { payWithdrawal } from './pay-withdrawal.ts';
import { invalidateDeposit, rejectDeposit } from './refuse-deposit.ts';
import { rejectWithdrawal } from './reject-withdrawal.ts';
import { saveDrawCurrency } from './save-draw-currency.ts';
import { saveNetwork } from './save-network.ts';
import { saveWire } from './save-wire.ts';

/** The finance desk's calls (contract/admin): review queues and the cashier's configuration. */
export function registerFundingAdminRoutes(
  app: FastifyInstance,
  deps: { auth: AdminAuth; funding: FundingDeps },
): void {
  const endpointDeps = { auth: deps.auth };
  const on = <N extends Parameters<typeof registerAdminEndpoint>[1]>(
    name: N,
    handler: Parameters<typeof registerAdminEndpoint<N>>[3],
  ) => registerAdminEndpoint(app, name, endpointDeps, handler);
  const { funding } = deps;

  on('deposits', ({ params }) => depositQueue(funding, params.status, params.page));
  on('approveDeposit', ({ params, actor }) => approveDeposit(funding, actor, params.id));
  on('rejectDeposit', ({ params, actor }) =>
    rejectDeposit(funding, actor, params.id, params.remark),
  );
  on('invalidDeposit', ({ params, actor }) =>
    invalidateDeposit(funding, actor, params.id, params.remark),
  );

  on('withdrawals', ({ params }) => withdrawalQueue(funding, params.status, params.page));
  on('approveWithdrawal', ({ params, actor }) => approveWithdrawal(funding, actor, params.id));
  on('rejectWithdrawal', ({ params, actor }) =>
    rejectWithdrawal(funding, actor, params.id, params.reason),
  );
  on('paidWithdrawal', ({ params, actor }) =>
    payWithdrawal(funding, actor, params.id, params.reference),
  );

  on('fundingConfig', () => fundingConfig(funding));
  on('saveNetwork', ({ params, actor }) => saveNetwork(funding, actor, params));
  on('saveWire', ({ params, actor }) => saveWire(funding, actor, params));
  on('saveDrawCurrency', ({ params, actor }) => saveDrawCurrency(funding, actor, params));
}
