import { ADMIN_ROUTES, type AdminRole, type AdminRouteName } from '@tradedesk/contract/admin';
import { generate } from 'otplib';
import { createOperatorsService, SYSTEM_ACTOR } from '../domains/admin/operators.service.ts';
import { toInt } from '../platform/db/columns.ts';
import { createTransact } from '../platform/db/transaction-scope.ts';
import { createOperatorsRepository } from '../platform/operators/operators.repository.ts';
import type { CaptchaAnswer } from './captchas.ts';
import { logInAs, registerByEmail, type TestApp } from './test-app.ts';

export const OPERATOR_PASSWORD = 'operator-pass';

/** One envelope as a test reads it. */
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON an endpoint answers
export type Answer = { code: number; msg: string; data: any; status: number };

export interface TestOperator {
  id: number;
  email: string;
  role: AdminRole;
  password: string;
  /** A session opened through POST /admin/api/login. */
  token: string;
}

let addresses = 0;

/**
 * A new client address on each call (10.200.x.y): operator logins are limited per address, so
 * tests that are not about those limits log in from addresses nobody used before.
 */
export function freshIp(): string {
  addresses += 1;
  return `10.200.${(addresses >> 8) & 255}.${addresses & 255}`;
}

let serial = 0;

/** An operator e-mail no test used before in this process. */
export function freshOperatorEmail(role: string): string {
  serial += 1;
  return `${role}-${serial}-${process.pid}@ops.example.com`;
}

/** The real operators service over the test app's store and clock. */
export function operatorsServiceOf(t: TestApp) {
  const now = () => t.clock.now;
  return createOperatorsService({
    transact: createTransact(t.store.db),
    operators: createOperatorsRepository(t.store.db),
    hasher: t.hasher,
    now,
  });
}

/** POST /admin/api/login from an address (a fresh one unless named). */
export async function adminLogin(
  t: TestApp,
  params: { account: string; password: string; otp?: string } & Partial<CaptchaAnswer>,
  ip: string = freshIp(),
): Promise<Answer> {
  const response = await t.app.inject({
    method: 'POST',
    url: ADMIN_ROUTES.login.path,
    remoteAddress: ip,
    headers: { lang: 'en' },
    payload: params,
  });
  return { ...response.json(), status: response.statusCode };
}

/** A session of an operator that exists, through the real login; throws if refused. */
export async function logInOperator(t: TestApp, email: string, password: string): Promise<string> {
  const answer = await adminLogin(t, { account: email, password });
  if (answer.code !== 1) throw new Error(`operator login refused: ${answer.code} ${answer.msg}`);
  return answer.data.token as string;
}

/**
 * A new operator of a role, inserted through the real operators service (as the command line
 * would: the audit row names the system), with a session from POST /admin/api/login.
 */
export async function createOperator(
  t: TestApp,
  role: AdminRole,
  options: { email?: string; password?: string } = {},
): Promise<TestOperator> {
  const email = options.email ?? freshOperatorEmail(role);
  const password = options.password ?? OPERATOR_PASSWORD;
  const admin = await operatorsServiceOf(t).create(SYSTEM_ACTOR, { email, password, role });
  return {
    id: admin.id,
    email: admin.email,
    role,
    password,
    token: await logInOperator(t, email, password),
  };
}

/**
 * Calls an operator endpoint by its contract name: `:id` in the path is replaced by
 * `params.id` (and not sent again), the rest goes in the query for GET and the body for POST.
 */
export async function adminCall(
  t: TestApp,
  token: string | undefined,
  name: AdminRouteName,
  params: Record<string, unknown> = {},
  options: { ip?: string } = {},
): Promise<Answer> {
  const route = ADMIN_ROUTES[name];
  const { id, ...rest } = params;
  let url: string = route.path;
  let sent: Record<string, unknown> = params;
  if (url.includes(':id')) {
    if (id === undefined) throw new Error(`${name} needs params.id`);
    url = url.replace(':id', String(id));
    sent = rest;
  }
  const response = await t.app.inject({
    method: route.method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { lang: 'en', ...(token === undefined ? {} : { authorization: token }) },
    ...(route.method === 'GET'
      ? { query: Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, String(v)])) }
      : { payload: sent }),
  });
  return { ...response.json(), status: response.statusCode };
}

/** The TOTP code of a secret at the app's clock, as an authenticator app would show it. */
export function otpNow(t: TestApp, secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now / 1000) + offsetSeconds });
}

/** A six-digit code that no step the server accepts now (previous, current, next) produces. */
export async function wrongOtp(t: TestApp, secret: string): Promise<string> {
  const accepted = new Set(
    await Promise.all([-30, 0, 30].map((offset) => otpNow(t, secret, offset))),
  );
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}

/** Audit rows with an id above `afterId`, oldest first, ids as numbers. */
export async function auditRowsAfter(t: TestApp, afterId: number) {
  const rows = await t.store.db
    .selectFrom('audit_log')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    id: toInt(r.id),
    admin_id: r.admin_id === null ? null : toInt(r.admin_id),
    created_at: toInt(r.created_at),
  }));
}

/** The highest audit row id so far (0 when empty): what a test's new rows come after. */
export async function lastAuditId(t: TestApp): Promise<number> {
  const row = await t.store.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const id = row?.id;
  return id === null || id === undefined ? 0 : toInt(id as number | bigint);
}

/** The password registerTrader gives a trader unless told another (it confirms withdrawals). */
export const TRADER_PASSWORD = 'secret-pass';

/** A real trader (registered by e-mail through the endpoints) with its id and a session. */
export async function registerTrader(
  t: TestApp,
  email: string,
  password = TRADER_PASSWORD,
): Promise<{ id: number; email: string; password: string; token: string }> {
  const registered = await registerByEmail(t, email, password);
  if (registered.code !== 1) throw new Error(`register refused: ${registered.msg}`);
  const token = await logInAs(t, email, password);
  const info = await t.call('GET', '/api/user/info', {}, { authorization: token });
  return { id: info.data.id as number, email, password, token };
}
