import { RESULT_CODES } from '@tradedesk/contract';
import { ADMIN_ROLES, ADMIN_ROUTES, type AdminRouteName, roleMay } from '@tradedesk/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  type Answer,
  adminCall,
  createOperator,
  freshIp,
  freshOperatorEmail,
  OPERATOR_PASSWORD,
  operatorsServiceOf,
  registerTrader,
  type TestOperator,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { SYSTEM_ACTOR } from './operators.service.ts';

const FORBIDDEN = RESULT_CODES.ADMIN_FORBIDDEN.code;
const INVALID_SESSION = RESULT_CODES.INVALID_SESSION.code;

type Verdict = 'forbidden' | 'invalid session' | 'served' | 'server error';

/** What an answer means for the matrix: refused by role, by session, or let through. */
function verdictOf(answer: Answer): Verdict {
  if (answer.status >= 500 || answer.code === RESULT_CODES.INTERNAL.code) return 'server error';
  if (answer.code === FORBIDDEN) return 'forbidden';
  if (answer.code === INVALID_SESSION) return 'invalid session';
  return 'served';
}

const ROUTES = Object.entries(ADMIN_ROUTES) as [
  AdminRouteName,
  (typeof ADMIN_ROUTES)[AdminRouteName],
][];

/**
 * Every operator call of the contract × every role, a trader, a visitor and made-up tokens:
 * the role a call needs is enforced (ADMIN_FORBIDDEN), only operator sessions count (999),
 * and a permitted call gets past both. A route added to ADMIN_ROUTES is walked automatically.
 */
describe.each(DIALECTS)('operator role matrix on $name', ({ name, skip }) => {
  let t: TestApp;
  let trader: { id: number; token: string };
  let target: { id: number };
  let loginTarget: TestOperator;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    trader = await registerTrader(t, 'matrix-caller@example.com');
    target = await registerTrader(t, 'matrix-target@example.com');
    loginTarget = await createOperator(t, 'editor');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  /** Valid-looking parameters of each call; a route not named here gets an id if it needs one. */
  const PARAMS: Partial<Record<AdminRouteName, () => Promise<Record<string, unknown>>>> = {
    login: async () => ({ account: loginTarget.email, password: loginTarget.password }),
    otpEnable: async () => ({ otp: '123456' }),
    otpDisable: async () => ({ otp: '123456' }),
    // A wrong current password: nobody's password changes, every caller keeps logging in.
    changePassword: async () => ({ old_password: 'not-the-password', password: 'Another-pass-42' }),
    users: async () => ({ query: 'matrix', page: 1 }),
    user: async () => ({ id: target.id, ledger_page: 1 }),
    creditScore: async () => ({ id: target.id, credit_score: 640 }),
    identities: async () => ({ status: 1, page: 1 }),
    rejectIdentity: async () => ({ id: target.id, reason: 'The photo is blurred' }),
    updateSettings: async () => ({ app_name: 'TradeDesk' }),
    createOperator: async () => ({
      email: freshOperatorEmail('made'),
      password: OPERATOR_PASSWORD,
      role: 'support',
    }),
    // A new operator each time: none of the callers is disabled by another's call.
    disableOperator: async () => {
      const victim = await operatorsServiceOf(t).create(SYSTEM_ACTOR, {
        email: freshOperatorEmail('victim'),
        password: OPERATOR_PASSWORD,
        role: 'editor',
      });
      return { id: victim.id };
    },
    // Another new operator: a reset ends the target's sessions, never a caller's.
    resetOperatorOtp: async () => {
      const target = await operatorsServiceOf(t).create(SYSTEM_ACTOR, {
        email: freshOperatorEmail('reset'),
        password: OPERATOR_PASSWORD,
        role: 'editor',
      });
      return { id: target.id };
    },
    audit: async () => ({ page: 1 }),
  };
  const paramsFor = async (route: AdminRouteName): Promise<Record<string, unknown>> => {
    const made = PARAMS[route];
    if (made) return made();
    return ADMIN_ROUTES[route].path.includes(':id') ? { id: target.id } : {};
  };

  for (const [route, { access }] of ROUTES) {
    it.skipIf(skip)(`${route}: each role as its access says, nobody else`, async () => {
      const expected: Record<string, Verdict> = {};
      const actual: Record<string, Verdict> = {};
      for (const role of ADMIN_ROLES) {
        // A new operator and session per call: a logout or a disable spoils nothing after it.
        const caller = await createOperator(t, role);
        const answer = await adminCall(t, caller.token, route, await paramsFor(route), {
          ip: freshIp(),
        });
        expected[role] = roleMay(role, access) ? 'served' : 'forbidden';
        actual[role] = verdictOf(answer);
      }
      const strangers: Record<string, string | undefined> = {
        trader: trader.token,
        'trader, as a bearer token': `Bearer ${trader.token}`,
        visitor: undefined,
        'made-up token': 'garbage',
        'made-up bearer token': `Bearer ${'ab12'.repeat(16)}`,
        'oversized token': 'x'.repeat(500),
      };
      for (const [who, token] of Object.entries(strangers)) {
        const answer = await adminCall(t, token, route, await paramsFor(route), { ip: freshIp() });
        expected[who] = access === 'public' ? 'served' : 'invalid session';
        actual[who] = verdictOf(answer);
      }
      expect(actual).toEqual(expected);
    });
  }

  it.skipIf(skip)('walks every route of the contract, public or not', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(19);
    expect(ROUTES.filter(([, r]) => r.access === 'public').map(([n]) => n)).toEqual(['login']);
  });

  it.skipIf(skip)("refuses an operator's session on trader calls (999)", async () => {
    const owner = await createOperator(t, 'owner');
    for (const token of [owner.token, `Bearer ${owner.token}`]) {
      const info = await t.call('GET', '/api/user/info', {}, { authorization: token });
      expect(info.code).toBe(INVALID_SESSION);
      const center = await t.call('GET', '/api/user_real/center', {}, { authorization: token });
      expect(center.code).toBe(INVALID_SESSION);
    }
    // The same operator's session still works where it belongs.
    expect((await adminCall(t, owner.token, 'me')).code).toBe(1);
    // And a trader's own session on its own calls, for contrast.
    expect((await t.call('GET', '/api/user/info', {}, { authorization: trader.token })).code).toBe(
      1,
    );
  });
});
