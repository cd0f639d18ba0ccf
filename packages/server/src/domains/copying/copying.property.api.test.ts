import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { optIn } from '../../testing/funding.ts';
import {
  demoUser,
  ledgerSum,
  startEurusdApp,
  storedAccount,
  type TestApp,
} from '../../testing/test-app.ts';

/** What the leader or a follower does next. */
type Step =
  | { kind: 'open'; side: 1 | 2; lots: number }
  | { kind: 'close' | 'stops'; pick: number }
  | { kind: 'tick'; move: number }
  | { kind: 'pause' | 'resume' | 'stop' | 'restart'; follower: number }
  | { kind: 'funds'; follower: number; amount: number };

const FOLLOWERS = 2;
const LOT_STEP = 0.01;

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      side: fc.constantFrom(1 as const, 2 as const),
      // 0.01 to 3 lots of EURUSD at 1:100: a copy of 1 000–5 000 USD of a 100 000 USD leader
      // takes 1–5 % of it, often under the minimum lot.
      lots: fc.integer({ min: 1, max: 300 }).map((n) => n / 100),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('close' as const, 'stops' as const),
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      move: fc.integer({ min: -300, max: 300 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'pause' as const,
        'resume' as const,
        'stop' as const,
        'restart' as const,
      ),
      follower: fc.integer({ min: 0, max: FOLLOWERS - 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('funds' as const),
      follower: fc.integer({ min: 0, max: FOLLOWERS - 1 }),
      amount: fc.integer({ min: -2_000, max: 3_000 }).filter((n) => n !== 0),
    }),
  },
);

interface Person {
  id: number;
  token: string;
}

// Random leader activity and random follower actions against the real app: after every step,
// once the mirror is idle, each copy's open positions are the leader's open positions scaled
// by the copy's equity over the leader's at the fill, rounded down to within one lot step;
// every account and copy account adds up.
describe.each(DIALECTS)('copies under random sessions on $name', ({ name, skip }) => {
  let t: TestApp;
  let quote: (bid: number, ask?: number) => void;
  let eurusd: number;
  let bid = 108_500;
  let run = 0;

  beforeAll(async () => {
    if (skip) return;
    ({ t, quote, eurusd } = await startEurusdApp(name, { TRUST_PROXY: 'true' }));
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const auth = (token: string) => ({ authorization: token });
  const call = async (token: string, method: 'GET' | 'POST', url: string, params = {}) =>
    t.call(method, url, params, auth(token));

  let devices = 0;
  /** A demo user from an address of its own (demo accounts are limited per address and hour). */
  async function person(device: string): Promise<Person> {
    devices += 1;
    await t.call(
      'GET',
      '/api/user/createAccountDemoForU',
      { demo_id: device },
      {
        'x-forwarded-for': `10.29.${devices >> 8}.${devices & 255}`,
      },
    );
    const { user, token } = await demoUser(t, device);
    return { id: user.id, token };
  }

  /** A demo user made a real trader (its account opened funded first), so it may be copied. */
  async function newLeader(): Promise<Person> {
    const leader = await person(`copy-property-leader-${name}-${run}`);
    await call(leader.token, 'GET', '/v1/api/main/account/forexDetail');
    await t.store.db.updateTable('users').set({ is_demo: 0 }).where('id', '=', leader.id).execute();
    await optIn(t, leader.token);
    return leader;
  }

  const copiesOf = async (follower: Person) =>
    (await call(follower.token, 'GET', '/api/follow/my_copies')).data.data as {
      id: number;
      status: string;
      equity: number;
    }[];
  const running = async (follower: Person) =>
    (await copiesOf(follower)).find((c) => c.status !== 'stopped');

  /** Leader orders and the copy orders mirrored from them, as stored. */
  async function mirrorPairs(copyId: number) {
    return t.store.db
      .selectFrom('copy_trades')
      .innerJoin('orders as leader', 'leader.id', 'copy_trades.leader_order_id')
      .innerJoin('orders as copy', 'copy.id', 'copy_trades.copy_order_id')
      .select([
        'leader.id as leader_id',
        'leader.status as leader_status',
        'leader.side as leader_side',
        'leader.open_price as leader_open',
        'copy.status as copy_status',
        'copy.side as copy_side',
        'copy.open_price as copy_open',
        'copy.lots as copy_lots',
      ])
      .where('copy_trades.copy_id', '=', copyId)
      .execute();
  }

  /** Expected lots of each mirrored leader order, noted at its fill: leader lots × ratio. */
  const proportional = new Map<string, number>();

  async function leaderOpens(
    leader: Person,
    followers: Person[],
    s: { side: 1 | 2; lots: number },
  ) {
    const before = await Promise.all(followers.map(running));
    const placed = await call(leader.token, 'POST', '/v1/api/forex/submit', {
      type: s.side,
      cont: String(s.lots),
      forex_id: eurusd,
      status: 1,
      multiple: 100,
    });
    if (placed.code !== 1) return;
    // The proportion's denominator: the leader's equity right after the fill, as the signal has it.
    const leaderEquity = (await call(leader.token, 'GET', '/v1/api/main/account/forexDetail')).data
      .net_value as number;
    for (const copy of before)
      if (copy)
        proportional.set(`${copy.id}:${placed.data.Id}`, (s.lots * copy.equity) / leaderEquity);
  }

  async function leaderActs(leader: Person, s: Step) {
    const open = (await call(leader.token, 'GET', '/v1/api/forex/my_deal', { status: 1 })).data
      .data as { Id: number; OrderType: number; UpdatePrice: number }[];
    if ((s.kind === 'close' || s.kind === 'stops') && open.length > 0) {
      const order = open[s.pick % open.length]!;
      if (s.kind === 'close')
        await call(leader.token, 'POST', '/v1/api/forex/close', { id: order.Id });
      else {
        const away = order.OrderType === 1 ? 0.01 : -0.01;
        await call(leader.token, 'POST', '/v1/api/forex/set_stop_price', {
          id: order.Id,
          target_profit_price: (order.UpdatePrice + away).toFixed(5),
          stop_loss_price: (order.UpdatePrice - away).toFixed(5),
        });
      }
    }
  }

  async function followerActs(leader: Person, follower: Person, s: Step) {
    const copy = await running(follower);
    if (s.kind === 'restart' && !copy)
      await call(follower.token, 'POST', '/api/follow/copy', { id: leader.id, amount: '2000' });
    if (!copy) return;
    if (s.kind === 'pause' || s.kind === 'resume' || s.kind === 'stop')
      await call(follower.token, 'POST', `/api/follow/${s.kind}`, { copy_id: copy.id });
    if (s.kind === 'funds')
      await call(follower.token, 'POST', '/api/follow/add_funds', {
        copy_id: copy.id,
        amount: String(s.amount),
      });
  }

  async function expectInvariants(leader: Person, followers: Person[]) {
    for (const follower of followers)
      for (const copy of await copiesOf(follower)) {
        const accountId = Number(
          (
            await t.store.db
              .selectFrom('copies')
              .select('account_id')
              .where('id', '=', copy.id)
              .executeTakeFirstOrThrow()
          ).account_id,
        );
        expect(await ledgerSum(t, accountId)).toBe((await storedAccount(t, accountId)).balance);
        for (const pair of await mirrorPairs(copy.id)) {
          expect(pair.copy_side).toBe(pair.leader_side);
          expect(Number(pair.copy_open)).toBe(Number(pair.leader_open));
          // A copy position is never open once the leader's is closed.
          if (Number(pair.leader_status) === 3) expect(Number(pair.copy_status)).toBe(3);
          const expected = proportional.get(`${copy.id}:${pair.leader_id}`);
          if (expected === undefined) continue;
          const lots = Number(pair.copy_lots) / 10_000;
          expect(lots).toBeLessThanOrEqual(expected + 1e-9);
          expect(expected - lots).toBeLessThan(LOT_STEP);
        }
      }
    for (const person of [leader, ...followers])
      expect(await ledgerSum(t, person.id)).toBe((await storedAccount(t, person.id)).balance);
  }

  it.skipIf(skip)(
    'a copy holds the leader’s positions scaled, within one lot step',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
          run += 1;
          const leader = await newLeader();
          const followers: Person[] = [];
          for (let i = 0; i < FOLLOWERS; i++) {
            const { user, token } = await demoUser(t, `copy-property-${name}-${run}-${i}`);
            followers.push({ id: user.id, token });
            await call(token, 'POST', '/api/follow/copy', {
              id: leader.id,
              amount: String(1000 * (i + 1)),
            });
          }
          for (const s of steps) {
            if (s.kind === 'open') await leaderOpens(leader, followers, s);
            else if (s.kind === 'close' || s.kind === 'stops') await leaderActs(leader, s);
            else if (s.kind === 'tick') {
              bid = Math.max(100_000, Math.min(117_000, bid + s.move));
              quote(bid);
            } else if ('follower' in s) await followerActs(leader, followers[s.follower]!, s);
            await t.copying!.mirror.wake();
            await expectInvariants(leader, followers);
          }
        }),
        { numRuns: Number(process.env.COPY_PROPERTY_RUNS ?? 8), endOnFailure: true },
      );
    },
    240_000,
  );
});
