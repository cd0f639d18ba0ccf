import {
  accountFigures,
  asLots,
  asMicros,
  asPricePoints,
  DEFAULT_STOP_OUT_LEVEL,
  isBelowLevel,
  type Lots,
  NO_PRICE,
  planStopOut,
  sumMicros,
} from '@tradedesk/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountCommit } from '../../platform/core/account-commit.ts';
import { isAppError } from '../../platform/http/app-error.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { seededRandom, seedFrom } from '../../testing/seeded-random.ts';
import { demoUser, startEurusdApp, type TestApp } from '../../testing/test-app.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { OrderRecord } from './orders.repository.ts';
import { pendingOf } from './position-values.ts';

// 400 accounts of 1–5 positions and 0–2 pending orders each keep `npm test` inside CI's time
// on two cores (1 000 took 63 s there, 158 s under load); STORM_ACCOUNTS=1000 runs the larger one.
const ACCOUNTS = Number(process.env.STORM_ACCOUNTS ?? 400);
const SEED = seedFrom('STORM_SEED');

/** EURUSD's bid path: a crash of 8 %, a recovery past the start, a second crash. */
function pricePath(): number[] {
  const path: number[] = [];
  for (let bid = 108_400; bid >= 100_000; bid -= 200) path.push(bid);
  for (let bid = 100_300; bid <= 110_000; bid += 300) path.push(bid);
  for (let bid = 109_500; bid >= 103_000; bid -= 500) path.push(bid);
  return path;
}

/**
 * Issue 22's stop-out storm: a thousand accounts with random positions and pending orders on
 * EURUSD while the price crashes, recovers and crashes again. Every stop-out the platform
 * does is checked against what the account held just before it, valued at that tick: it
 * happened below the stop-out level (compared exactly, by hand), and it cancelled and closed
 * exactly what DECISIONS.md's order asks for and no more. At the end every account is
 * closed: none is negative, every close is explained in the ledger.
 */
describe.each(DIALECTS)('a stop-out storm on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let quote: (bid: number, ask?: number) => void;
  const users: UserRecord[] = [];
  /** What each account holds live, kept from its commits (the test's own shadow of memory). */
  const shadow = new Map<number, Map<number, OrderRecord>>();
  const commits: AccountCommit[] = [];
  let bid = 108_500;

  beforeAll(async () => {
    if (skip) return;
    console.info(`stop-out storm on ${name}: ${ACCOUNTS} accounts, seed ${SEED} (STORM_SEED)`);
    ({ t, eurusd, quote } = await startEurusdApp(name, { TRUST_PROXY: 'true' }));
    // Delivery is at least once: the outbox's sweep may publish a commit again (issue 26's CI
    // saw it on a loaded machine). Like memory, the test takes each version once.
    const taken = new Map<number, number>();
    t.bus.subscribe('account.committed', async (commit) => {
      if (commit.version <= (taken.get(commit.accountId) ?? 0)) return;
      taken.set(commit.accountId, commit.version);
      commits.push(commit);
    });
    const next = seededRandom(SEED);
    for (let i = 0; i < ACCOUNTS; i++) {
      // One device per address: demo accounts are limited per address and hour.
      const session = await t.call(
        'GET',
        '/api/user/createAccountDemoForU',
        { demo_id: `storm-${name}-${i}` },
        { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      );
      expect(session.code).toBe(1);
      users.push((await demoUser(t, `storm-${name}-${i}`)).user);
    }
    const lots = (max: number): Lots => asLots(BigInt(1 + Math.floor(next() * max)) * 100n);
    for (const user of users) {
      const positions = 1 + Math.floor(next() * 5);
      for (let p = 0; p < positions; p++) {
        try {
          await t.trading!.openMarket(user, {
            instrumentId: eurusd,
            side: next() < 0.5 ? 'buy' : 'sell',
            // 0.01 to 30 lots at 1:50 to 1:500: some accounts are nearly fully margined.
            lots: lots(3000),
            leverage: [50, 100, 200, 500][Math.floor(next() * 4)]!,
            takeProfit: NO_PRICE,
            stopLoss: NO_PRICE,
          });
        } catch (error) {
          if (!isAppError(error)) throw error;
        }
      }
      const pending = Math.floor(next() * 3);
      for (let p = 0; p < pending; p++) {
        // Buy limits and sell stops below the market: the crash fills some, adding exposure.
        const side = next() < 0.5 ? 'buy' : 'sell';
        try {
          await t.trading!.placePending(user, {
            instrumentId: eurusd,
            side,
            lots: lots(1500),
            leverage: 500,
            takeProfit: NO_PRICE,
            stopLoss: NO_PRICE,
            target: asPricePoints(BigInt(108_500 - 100 - Math.floor(next() * 6000))),
          });
        } catch (error) {
          if (!isAppError(error)) throw error;
        }
      }
    }
    await t.trading!.idle();
    for (const commit of commits.splice(0)) applyToShadow(commit);
  }, 600_000);
  afterAll(async () => {
    if (!skip) await t.close();
  });

  function liveOf(accountId: number): Map<number, OrderRecord> {
    let live = shadow.get(accountId);
    if (!live) {
      live = new Map();
      shadow.set(accountId, live);
    }
    return live;
  }

  function applyEvent(live: Map<number, OrderRecord>, order: OrderRecord): void {
    if (order.status === 'history') live.delete(order.id);
    else live.set(order.id, order);
  }

  function applyToShadow(commit: AccountCommit): void {
    const live = liveOf(commit.accountId);
    for (const event of commit.events) if (event.type === 'order') applyEvent(live, event.order);
  }

  /** Positions valued at the quote, with the engine's P&L (EURUSD: no conversion). */
  function valued(live: Iterable<OrderRecord>, quote: { bid: bigint; ask: bigint }) {
    const market = t.market!;
    return [...live]
      .filter((o) => o.status === 'holding')
      .map((o) => {
        const close = o.side === 'buy' ? quote.bid : quote.ask;
        const move = o.side === 'buy' ? close - o.openPrice! : o.openPrice! - close;
        // 5-digit price × lots (10^-4) × 100 000 units → micro-USD: × 10^5 / 10^9 × 10^6.
        const pnl = (move * o.lots * 100_000n) / 1_000n;
        expect(market.spec(o.instrumentId).contractSize).toBe(1_000_000_000n);
        return { id: String(o.id), margin: o.margin, floatingPnl: asMicros(pnl) };
      });
  }

  /**
   * The balance just before the first ledger row of the commit's first stop-out step. The row
   * is found by its order and kind, not by the tick's time alone: a pending order the same
   * tick filled (an earlier commit, the same time) wrote a `reserve-release` row of its own
   * before the stop-out closed the position it became.
   */
  async function balanceBefore(
    commit: AccountCommit,
    first: { order: OrderRecord; change: string },
  ): Promise<bigint> {
    const kinds = first.change === 'cancelled' ? ['reserve-release'] : ['margin-release', 'pnl'];
    const row = await t.store.db
      .selectFrom('ledger')
      .select(['amount', 'balance_after'])
      .where('user_id', '=', commit.accountId)
      .where('order_id', '=', first.order.id)
      .where('created_at', '=', commit.at)
      .where('kind', 'in', kinds)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    return BigInt(row.balance_after) - BigInt(row.amount);
  }

  /**
   * Checks every stop-out a tick caused: the account was below the level just before it,
   * and what it cancelled and closed is exactly the plan of DECISIONS.md.
   */
  async function checkStopOuts(tick: { bid: bigint; ask: bigint }): Promise<number> {
    let stopOuts = 0;
    for (const commit of commits.splice(0)) {
      const live = liveOf(commit.accountId);
      const events = commit.events.flatMap((e) => (e.type === 'order' ? [e] : []));
      const first = events.findIndex(
        (e) => e.order.closeReason === 'stop-out' && e.order.status === 'history',
      );
      for (const e of events.slice(0, first < 0 ? events.length : first)) applyEvent(live, e.order);
      if (first < 0) continue;
      stopOuts += 1;
      const stopped = events.slice(first);
      // Nothing but stop-out steps follow the first one.
      expect(stopped.every((e) => e.order.closeReason === 'stop-out')).toBe(true);
      const before = asMicros(await balanceBefore(commit, stopped[0]!));
      const positions = valued(live.values(), tick);
      const pending = pendingOf(live.values());
      // Each step, by hand: just before it the level was below 50 % (equity × 10^4 < 5 000 ×
      // used margin, in integers), or, with nothing open, the balance was below 0.
      const steps = new Map(live);
      let balance: bigint = before;
      for (const e of stopped) {
        const open = valued(steps.values(), tick);
        const reserved = sumMicros(pendingOf(steps.values()).map((p) => p.reserve));
        const used = sumMicros(open.map((p) => p.margin));
        const equity = balance + reserved + used + sumMicros(open.map((p) => p.floatingPnl));
        if (open.length > 0) expect(equity * 10_000n < DEFAULT_STOP_OUT_LEVEL * used).toBe(true);
        else expect(balance < 0n).toBe(true);
        const was = steps.get(e.order.id)!;
        balance += e.change === 'cancelled' ? was.reserve : was.margin + e.order.pnl!;
        steps.delete(e.order.id);
      }
      expect(
        isBelowLevel(
          accountFigures(
            { balance: before, reserved: sumMicros(pending.map((p) => p.reserve)) },
            positions,
          ),
          DEFAULT_STOP_OUT_LEVEL,
        ) ||
          (positions.length === 0 && before < 0n),
      ).toBe(true);
      const plan = planStopOut(before, positions, pending);
      expect({
        cancel: stopped.filter((e) => e.change === 'cancelled').map((e) => String(e.order.id)),
        close: stopped.filter((e) => e.change === 'closed').map((e) => String(e.order.id)),
        balance: commit.balance,
      }).toEqual({ cancel: plan.cancel, close: plan.close, balance: plan.balance });
      for (const e of stopped) applyEvent(live, e.order);
    }
    return stopOuts;
  }

  it.skipIf(skip)(
    'stops accounts out only below the level, exactly as planned, and none ends negative',
    async () => {
      let stopOuts = 0;
      for (const next of pricePath()) {
        t.clock.advance(1000);
        bid = next;
        quote(bid);
        await t.trading!.idle();
        stopOuts += await checkStopOuts({ bid: BigInt(bid), ask: BigInt(bid + 8) });
      }
      // The storm did what it is for: many accounts were stopped out, many survived.
      const open = await t.store.db
        .selectFrom('orders')
        .select(({ fn }) => fn.countAll().as('n'))
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      console.info(
        `stop-out storm on ${name}: ${stopOuts} stop-outs checked step by step, ${open.n} positions still open`,
      );
      expect(stopOuts).toBeGreaterThan(ACCOUNTS / 20);
      expect(Number(open.n)).toBeGreaterThan(0);

      // Every account, while positions are open: margin held = Σ open margins, Σ ledger =
      // balance, a negative balance only beside positions.
      const accounts = await t.store.db.selectFrom('accounts').selectAll().execute();
      const ledger = await t.store.db
        .selectFrom('ledger')
        .select(['user_id', (eb) => eb.fn.sum<bigint | number | string>('amount').as('total')])
        .groupBy('user_id')
        .execute();
      const sums = new Map(ledger.map((r) => [Number(r.user_id), BigInt(r.total)]));
      const margins = await t.store.db
        .selectFrom('orders')
        .select(['user_id', (eb) => eb.fn.sum<bigint | number | string>('margin').as('held')])
        .where('status', '=', 1)
        .groupBy('user_id')
        .execute();
      const held = new Map(margins.map((r) => [Number(r.user_id), BigInt(r.held)]));
      for (const account of accounts) {
        const id = Number(account.user_id);
        expect(sums.get(id) ?? 0n).toBe(BigInt(account.balance));
        expect(held.get(id) ?? 0n).toBe(BigInt(account.margin_held));
        if (!held.has(id)) expect(BigInt(account.balance) >= 0n).toBe(true);
      }

      // Everyone closes out at the last price: no account ends negative.
      for (const user of users) {
        for (const order of shadow.get(user.id)?.values() ?? []) {
          if (order.status === 'pending') await t.trading!.cancel(user, order.id).catch(() => {});
          else await t.trading!.close(user, order.id).catch(() => {});
        }
      }
      await t.trading!.idle();
      const after = await t.store.db.selectFrom('accounts').selectAll().execute();
      for (const account of after) {
        expect(BigInt(account.balance) >= 0n).toBe(true);
        expect(BigInt(account.margin_held)).toBe(0n);
        expect(BigInt(account.lock_balance)).toBe(0n);
      }
      // Every close is explained in the ledger: its margin back and its P&L, nothing else.
      const closed = await t.store.db
        .selectFrom('orders')
        .select(['id', 'margin', 'pnl', 'open_price'])
        .where('status', '=', 3)
        .where('open_price', 'is not', null)
        .execute();
      const rows = await t.store.db
        .selectFrom('ledger')
        .select(['order_id', 'kind', 'amount'])
        .where('kind', 'in', ['margin-release', 'pnl'])
        .execute();
      const byOrder = new Map<number, { release: bigint; pnl: bigint }>();
      for (const row of rows) {
        const entry = byOrder.get(Number(row.order_id)) ?? { release: 0n, pnl: 0n };
        if (row.kind === 'pnl') entry.pnl += BigInt(row.amount);
        else entry.release += BigInt(row.amount);
        byOrder.set(Number(row.order_id), entry);
      }
      for (const order of closed)
        expect(byOrder.get(Number(order.id))).toEqual({
          release: BigInt(order.margin),
          pnl: BigInt(order.pnl!),
        });
    },
    900_000,
  );
});
