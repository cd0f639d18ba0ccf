// Calls the walk makes for itself, never compared: orders for a case to close or cancel, a
// fresh registration code, and sessions renewed after the walk has ended them.
import { ENDPOINTS, type EndpointName, SUCCESS_CODE } from '@tradedesk/contract';
import { submitPayload } from '../test-app.ts';
import { testImage, uploadImage } from '../uploads.ts';
import type { FuzzCase } from './cases.ts';
import { BASES, PASSWORD } from './payloads.ts';
import type { CaseContext, World } from './world.ts';

/** Calls the app as a fixture (never compared); refusals are the test's own mistake. */
export async function fixtureCall(
  w: World,
  method: 'GET' | 'POST',
  url: string,
  params: Record<string, unknown>,
  token?: string,
): Promise<{ code: number; msg: string; data: Record<string, unknown> }> {
  w.seq += 1;
  const response = await w.t.app.inject({
    method,
    url,
    headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
    remoteAddress: `198.51.${(w.seq >> 8) & 255}.${w.seq & 255 || 1}`,
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }
      : { payload: params }),
  });
  w.stale = true;
  return response.json();
}

/** An open buy order of the demo user, with the status asked (1 holding, 0 pending). */
async function ensureOrder(w: World, status: 0 | 1): Promise<number | undefined> {
  const find = () =>
    w.t.store.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', w.demo.userId)
      .where('status', '=', status)
      .where('side', '=', 'buy')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const found = await find();
  if (found) return Number(found.id);
  const extra =
    status === 1 ? { cont: '0.01' } : { cont: '0.01', status: 0, target_price: '1.08000' };
  const placed = await fixtureCall(
    w,
    'POST',
    ENDPOINTS.submitOrder.path,
    submitPayload(w.eurusd, extra),
    w.demo.token,
  );
  if (placed.code === SUCCESS_CODE) return Number(placed.data.Id);
  console.warn(`fuzz fixture: no ${status ? 'holding' : 'pending'} order (${placed.msg})`);
  return undefined;
}

function refsOf(c: FuzzCase): Set<string> {
  const values = [
    ...Object.values(BASES[c.endpoint] ?? {}),
    ...c.mutations.flatMap((m) => ('value' in m ? [m.value] : [])),
  ];
  return new Set(values.flatMap((v) => ('ref' in v ? [v.ref] : 'text' in v ? [v.text] : [])));
}

/** Makes what the case refers to (orders, a registration code) before it is rendered. */
export async function prepare(w: World, c: FuzzCase): Promise<CaseContext> {
  w.seq += 1;
  const ctx: CaseContext = { seq: w.seq };
  const refs = refsOf(c);
  if (refs.has('holding')) ctx.holding = await ensureOrder(w, 1);
  if (refs.has('pending')) ctx.pending = await ensureOrder(w, 0);
  if (refs.has('regEmail') || refs.has('regCode')) {
    // A fresh address with a live code each time, so that register can succeed.
    const email = `fuzz-reg-${w.seq}@example.com`;
    const sent = await fixtureCall(w, 'POST', ENDPOINTS.sendEmail.path, { to: email, type: 1 });
    if (sent.code === SUCCESS_CODE) {
      ctx.regEmail = email;
      ctx.regCode = w.t.lastCode(email);
    }
  }
  if (refs.has('frontPic') || refs.has('reversePic')) {
    // Two fresh uploads of the real user, so that the identity form can succeed.
    const image = await testImage();
    const front = await uploadImage(w.t.app, w.real.token, image);
    const reverse = await uploadImage(w.t.app, w.real.token, image);
    w.stale = true;
    if (front.code === SUCCESS_CODE && reverse.code === SUCCESS_CODE) {
      ctx.frontPic = front.data.url;
      ctx.reversePic = reverse.data.url;
    }
  }
  return ctx;
}

/** Endpoints that may end a session the walk relies on, whatever they answer. */
export const SESSION_ENDPOINTS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'logout',
  'amendPassword',
  'forgetPassword',
  'login',
  'demo',
]);

/** Tokens the walk uses stay live (logout, a password change and such end them). */
export async function refreshSessions(w: World): Promise<void> {
  // Through fixtureCall, from rotating addresses: the walk may end sessions many times over,
  // more often than the per-address limits of login and demo allow one address.
  const live = async (token: string) =>
    (await fixtureCall(w, 'GET', ENDPOINTS.userInfo.path, {}, token)).code === SUCCESS_CODE;
  const session = async (method: 'GET' | 'POST', path: string, params: Record<string, unknown>) => {
    const answer = await fixtureCall(w, method, path, params);
    if (answer.code !== SUCCESS_CODE) throw new Error(`fuzz fixture ${path}: ${answer.msg}`);
    return String(answer.data.token);
  };
  if (!(await live(w.demo.token)))
    w.demo.token = await session('GET', ENDPOINTS.demo.path, { demo_id: w.demo.device });
  if (await live(w.real.token)) return;
  const login = { account: w.real.email, password: PASSWORD };
  const again = await fixtureCall(w, 'POST', ENDPOINTS.login.path, login);
  if (again.code === SUCCESS_CODE) {
    w.real.token = String(again.data.token);
    return;
  }
  // Locked by the walk's wrong passwords: a new real user takes its place.
  const email = `fuzz-real-${w.seq}@example.com`;
  const sent = await fixtureCall(w, 'POST', ENDPOINTS.sendEmail.path, { to: email, type: 1 });
  if (sent.code !== SUCCESS_CODE) throw new Error(`fuzz fixture send_email: ${sent.msg}`);
  const registered = await fixtureCall(w, 'POST', ENDPOINTS.register.path, {
    type: 'email',
    account: email,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: w.t.lastCode(email),
  });
  if (registered.code !== SUCCESS_CODE) throw new Error(`fuzz fixture register: ${registered.msg}`);
  w.real = {
    email,
    token: await session('POST', ENDPOINTS.login.path, { account: email, password: PASSWORD }),
  };
}
