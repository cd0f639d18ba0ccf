import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import { idempotencyKey } from '../../platform/http/idempotency-key.ts';
import type { UserRecord } from '../users/index.ts';
import type { DepositsService } from './deposits.service.ts';
import type { DrawMethodsService } from './draw-methods.service.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

/** The trader's cashier (SPEC.md §7 paths verbatim): real accounts only, by the contract. */
export function registerFundingRoutes(
  app: FastifyInstance,
  deps: {
    deposits: DepositsService;
    withdrawals: WithdrawalsService;
    methods: DrawMethodsService;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  const { deposits, withdrawals, methods, authenticate } = deps;

  registerEndpoint(app, ENDPOINTS.depositNetworks, authenticate, () => deposits.networks());
  registerEndpoint(app, ENDPOINTS.wireCurrencies, authenticate, () => deposits.wireCurrencies());
  registerEndpoint(app, ENDPOINTS.wireInfo, authenticate, ({ params }) =>
    deposits.wireOptions(params.bank_coin.toUpperCase()),
  );
  registerEndpoint(
    app,
    ENDPOINTS.chargeSubmit,
    authenticate,
    async ({ user, params, language, setMessage }) => {
      const deposit = await deposits.submitCoin(user, params, language);
      setMessage('funding.deposit_submitted');
      return deposit;
    },
  );
  registerEndpoint(
    app,
    ENDPOINTS.wireSubmit,
    authenticate,
    async ({ user, params, language, setMessage }) => {
      const deposit = await deposits.submitWire(user, params, language);
      setMessage('funding.deposit_submitted');
      return deposit;
    },
  );
  registerEndpoint(app, ENDPOINTS.depositList, authenticate, ({ user, params }) =>
    deposits.list(user, params.type, params.page),
  );

  registerEndpoint(app, ENDPOINTS.drawSymbols, authenticate, ({ params }) =>
    withdrawals.currencies(params.type),
  );
  registerEndpoint(
    app,
    ENDPOINTS.draw,
    authenticate,
    async ({ user, params, request, language, setMessage }) => {
      const withdrawal = await withdrawals.request(user, params, idempotencyKey(request), language);
      setMessage('withdraw.submitted');
      return withdrawal;
    },
  );
  registerEndpoint(app, ENDPOINTS.drawList, authenticate, ({ user, params, language }) =>
    withdrawals.list(user, params.type, params.page, language),
  );

  registerEndpoint(app, ENDPOINTS.drawMethods, authenticate, ({ user, params }) =>
    methods.list(user, params.draw_type, params.draw_id),
  );
  registerEndpoint(
    app,
    ENDPOINTS.bindDrawMethod,
    authenticate,
    async ({ user, params, setMessage }) => {
      const method = await methods.bind(user, params);
      setMessage('wallet.bound');
      return method;
    },
  );
  registerEndpoint(
    app,
    ENDPOINTS.delDrawMethod,
    authenticate,
    async ({ user, params, setMessage }) => {
      await methods.remove(user, params.id);
      setMessage('wallet.removed');
      return null;
    },
  );
}
