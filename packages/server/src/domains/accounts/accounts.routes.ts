import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { UserRecord } from '../users/index.ts';
import type { AccountsService } from './accounts.service.ts';

/** Balance, ledger and demo reset (the account figures are trading's: they value positions). */
export function registerAccountsRoutes(
  app: FastifyInstance,
  deps: {
    accounts: AccountsService;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  const { accounts, authenticate } = deps;
  registerEndpoint(app, ENDPOINTS.getBalance, authenticate, ({ user }) => accounts.balance(user));
  registerEndpoint(app, ENDPOINTS.ledger, authenticate, ({ user, params, language }) =>
    accounts.ledger(user, params.page, language),
  );
  registerEndpoint(app, ENDPOINTS.resetDemo, authenticate, async ({ user, setMessage }) => {
    const balance = await accounts.resetDemo(user);
    setMessage('ledger.demo-reset');
    return balance;
  });
}
