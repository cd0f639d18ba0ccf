import { type Balance, ENDPOINTS } from '@tradedesk/contract';
import type { PositionValue } from '@tradedesk/engine';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { AccountsService } from './accounts.service.ts';

export function registerAccountsRoutes(
  app: FastifyInstance,
  deps: {
    accounts: AccountsService;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    /** Open positions valued now, for the account figures. */
    positionsOf: (user: UserRecord) => Promise<PositionValue[]>;
    /** The demo reset, which closes positions and cancels orders first. */
    resetDemo: (user: UserRecord) => Promise<Balance>;
  },
): void {
  const { accounts, authenticate, positionsOf, resetDemo } = deps;
  registerEndpoint(app, ENDPOINTS.getBalance, authenticate, ({ user }) => accounts.balance(user));
  registerEndpoint(app, ENDPOINTS.forexDetail, authenticate, async ({ user }) =>
    accounts.detail(user, await positionsOf(user)),
  );
  registerEndpoint(app, ENDPOINTS.ledger, authenticate, ({ user, params, language }) =>
    accounts.ledger(user, params.page, language),
  );
  registerEndpoint(app, ENDPOINTS.resetDemo, authenticate, async ({ user, setMessage }) => {
    const balance = await resetDemo(user);
    setMessage('ledger.demo-reset');
    return balance;
  });
}
