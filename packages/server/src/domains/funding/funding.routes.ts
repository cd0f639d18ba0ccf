import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import { idempotencyKey } from '../../platform/http/idempotency-key.ts';
import type { UserRecord } from '../users/index.ts';
import { depositNetworks, wireCurrencies, wireOptions } from './deposit-channels.ts';
import { bindDrawMethod, listDrawMethods, removeDrawMethod } from './draw-methods.ts';
import type { FundingDeps } from './funding-deps.ts';
import { listDeposits } from './list-deposits.ts';
import { listWithdrawals, withdrawalCurrencies } from './list-withdrawals.ts';
import { requestWithdrawal } from './request-withdrawal.ts';
import { submitCoinDeposit, submitWireDeposit } from './submit-deposit.ts';

/** The trader's cashier (SPEC.md §7 paths verbatim): real accounts only, by the contract. */
export function registerFundingRoutes(
  app: FastifyInstance,
  deps: {
    funding: FundingDeps;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  const { funding, authenticate } = deps;

  registerEndpoint(app, ENDPOINTS.depositNetworks, authenticate, () => depositNetworks(funding));
  registerEndpoint(app, ENDPOINTS.wireCurrencies, authenticate, () => wireCurrencies(funding));
  registerEndpoint(app, ENDPOINTS.wireInfo, authenticate, ({ params }) =>
    wireOptions(funding, params.bank_coin.toUpperCase()),
  );
  registerEndpoint(
    app,
    ENDPOINTS.chargeSubmit,
    authenticate,
    async ({ user, params, language, setMessage }) => {
      const deposit = await submitCoinDeposit(funding, user, params, language);
      setMessage('funding.deposit_submitted');
      return deposit;
    },
  );
  registerEndpoint(
    app,
    ENDPOINTS.wireSubmit,
    authenticate,
    async ({ user, params, language, setMessage }) => {
      const deposit = await submitWireDeposit(funding, user, params, language);
      setMessage('funding.deposit_submitted');
      return deposit;
    },
  );
  registerEndpoint(app, ENDPOINTS.depositList, authenticate, ({ user, params }) =>
    listDeposits(funding, user, params.type, params.page),
  );

  registerEndpoint(app, ENDPOINTS.drawSymbols, authenticate, ({ params }) =>
    withdrawalCurrencies(funding, params.type),
  );
  registerEndpoint(
    app,
    ENDPOINTS.draw,
    authenticate,
    async ({ user, params, request, language, setMessage }) => {
      const key = idempotencyKey(request);
      const withdrawal = await requestWithdrawal(funding, user, params, key, language);
      setMessage('withdraw.submitted');
      return withdrawal;
    },
  );
  registerEndpoint(app, ENDPOINTS.drawList, authenticate, ({ user, params, language }) =>
    listWithdrawals(funding, user, params.type, params.page, language),
  );

  registerEndpoint(app, ENDPOINTS.drawMethods, authenticate, ({ user, params }) =>
    listDrawMethods(funding, user, params.draw_type, params.draw_id),
  );
  registerEndpoint(
    app,
    ENDPOINTS.bindDrawMethod,
    authenticate,
    async ({ user, params, setMessage }) => {
      const method = await bindDrawMethod(funding, user, params);
      setMessage('wallet.bound');
      return method;
    },
  );
  registerEndpoint(
    app,
    ENDPOINTS.delDrawMethod,
    authenticate,
    async ({ user, params, setMessage }) => {
      await removeDrawMethod(funding, user, params.id);
      setMessage('wallet.removed');
      return null;
    },
  );
}
