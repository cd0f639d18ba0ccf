// The world a walk starts from: a demo user, two registered real users, an order of another
// user and a closed one of the demo user; and a check that every valid payload is still valid.
import { ENDPOINTS, type Endpoint, SUCCESS_CODE } from '@tradedesk/contract';
import { demoUser, logInAs, registerByEmail, submitPayload, type TestApp } from '../test-app.ts';
import { plainCase } from './cases.ts';
import { fixtureCall, prepare } from './fixtures.ts';
import { BASES, ENDPOINT_NAMES, LOGIN_EMAIL, PASSWORD, REAL_EMAIL } from './payloads.ts';
import { render } from './requests.ts';
import { checkEveryTableListed } from './state-snapshot.ts';
import type { World } from './world.ts';

export async function setUpWorld(t: TestApp, eurusd: number): Promise<World> {
  await checkEveryTableListed(t);
  const demo = await demoUser(t, 'fuzz-demo-device-0001');
  for (const email of [REAL_EMAIL, LOGIN_EMAIL]) {
    const registered = await registerByEmail(t, email, PASSWORD);
    if (registered.code !== SUCCESS_CODE) throw new Error(`register ${email}: ${registered.msg}`);
  }
  const area = await t.store.db
    .selectFrom('areas')
    .select('id')
    .where('code', '=', 'US')
    .executeTakeFirstOrThrow();
  const w: World = {
    t,
    eurusd,
    areaId: Number(area.id),
    demo: { userId: demo.user.id, device: 'fuzz-demo-device-0001', token: demo.token },
    real: { email: REAL_EMAIL, token: await logInAs(t, REAL_EMAIL, PASSWORD) },
    closedId: 0,
    foreignId: 0,
    funding: { networkId: 0, networkAddress: '', wireId: 0, drawCurrencyId: 0, drawMethodId: 0 },
    seq: 0,
    before: new Map(),
    stale: true,
  };
  await openFixtureOrders(w);
  await fundingFixtures(w);
  await checkBases(w);
  return w;
}

/** An open order of another user (`foreign`) and a closed one of the demo user. */
async function openFixtureOrders(w: World): Promise<void> {
  const order = { cont: '0.01' };
  const other = await demoUser(w.t, 'fuzz-other-device-0001');
  const submit = (token: string) =>
    fixtureCall(w, 'POST', ENDPOINTS.submitOrder.path, submitPayload(w.eurusd, order), token);
  const foreign = await submit(other.token);
  const toClose = await submit(w.demo.token);
  const closed = await fixtureCall(
    w,
    'POST',
    ENDPOINTS.closeOrder.path,
    { id: toClose.data.Id },
    w.demo.token,
  );
  if (foreign.code !== SUCCESS_CODE || closed.code !== SUCCESS_CODE)
    throw new Error(`fixture orders refused: ${foreign.msg} / ${closed.msg}`);
  w.foreignId = Number(foreign.data.Id);
  w.closedId = Number(toClose.data.Id);
}

/** The first seeded network, wire and coin currency, and a USDT address the real user bound. */
async function fundingFixtures(w: World): Promise<void> {
  const db = w.t.store.db;
  const network = await db
    .selectFrom('deposit_networks')
    .select(['id', 'address'])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const wire = await db
    .selectFrom('wire_options')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const currency = await db
    .selectFrom('draw_currencies')
    .select('id')
    .where('type', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const bound = await fixtureCall(
    w,
    'POST',
    ENDPOINTS.bindDrawMethod.path,
    { type: 1, draw_id: Number(currency.id), dc_address: 'TWobMEJpxtsDTz6Fu5HBk2cZEbwo22ZYAi' },
    w.real.token,
  );
  if (bound.code !== SUCCESS_CODE) throw new Error(`fixture method refused: ${bound.msg}`);
  w.funding = {
    networkId: Number(network.id),
    networkAddress: network.address,
    wireId: Number(wire.id),
    drawCurrencyId: Number(currency.id),
    drawMethodId: Number(bound.data.id),
  };
}

/** Every endpoint with parameters has a valid payload, and the contract still accepts it. */
async function checkBases(w: World): Promise<void> {
  for (const name of ENDPOINT_NAMES) {
    const endpoint: Endpoint = ENDPOINTS[name];
    if (!endpoint.request) continue;
    if (!BASES[name]) throw new Error(`${name} has parameters but no valid payload in BASES`);
    const plain = plainCase(name, -1);
    const rendered = render(w, plain, await prepare(w, plain));
    const parsed = endpoint.request.safeParse(rendered.intended);
    if (!parsed.success)
      throw new Error(`the valid payload of ${name} fails its contract: ${parsed.error.message}`);
  }
}
