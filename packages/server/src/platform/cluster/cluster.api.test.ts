import type { AddressInfo } from 'node:net';
import { DEFAULT_NOTICE_CHOICES } from '@tradedesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { skipRedis, TEST_REDIS_URL } from '../../testing/redis.ts';
import { createTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.ts';
import { submitPayload } from '../../testing/test-app.ts';
import { startTestNodes } from '../../testing/test-nodes.ts';
import { connectSocket } from '../../testing/ws-client.ts';
import { partitionLease, partitionOf } from './ownership.ts';

const postgres = DIALECTS.find((d) => d.name === 'postgres')!;
const PARTITIONS = 8;

/** Polls `read` until `done` holds (bounded); returns the last value read. */
async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Issue 28: three nodes of a scale-out deployment in one process, each with its own pool,
// memory, feed and Redis connections, on one PostgreSQL database and one Redis. Every tick a
// test sends goes to every node's feed; only the feed owner's reaches the bus.
describe.skipIf(postgres.skip || skipRedis)('three scale-out nodes on PostgreSQL and Redis', () => {
  let cluster: Awaited<ReturnType<typeof startTestNodes>>;
  let eurusd: number;
  let bid = 108_500;

  beforeAll(async () => {
    cluster = await startTestNodes(3, { cluster: { leaseTtlMs: 1000, partitions: PARTITIONS } });
    eurusd = cluster.instrumentId('EURUSD');
    await cluster.settledRoles();
    cluster.quote(eurusd, bid);
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
  });

  const [A, B, C] = [0, 1, 2];
  const node = (index: number) => cluster.nodes[index]!;
  const bids = () => cluster.nodes.map((n) => Number(n.built.market!.quotePoints(eurusd).bid));
  /** Another holder takes the lease `name` for `ms` behind its node's back (as after a pause). */
  const stealLease = (name: string, ms: number) =>
    cluster.db
      .updateTable('leases')
      .set({
        holder: 'elsewhere',
        token: sql`token + 1`,
        expires_at: sql`(extract(epoch from clock_timestamp()) * 1000)::bigint + ${ms}`,
      })
      .where('name', '=', name)
      .execute();
  /** Waits until a node holds the lease `name` again, once the stolen one expired. */
  const leaseBackWithANode = (name: string) =>
    until(
      () => cluster.db.selectFrom('leases').selectAll().where('name', '=', name).executeTakeFirst(),
      (lease) => lease?.holder?.startsWith('node-') === true,
      8000,
    );

  /** A tick on every node's feed; resolves once every node shows it. */
  async function tick(to: number): Promise<void> {
    bid = to;
    cluster.clock.advance(1000);
    cluster.quote(eurusd, to);
    await until(bids, (all) => all.every((b) => b === to));
  }

  async function trader(device: string, via = A) {
    const session = await node(via).call('GET', '/api/user/createAccountDemoForU', {
      demo_id: device,
    });
    expect(session.code).toBe(1);
    return { id: session.data.user.id as number, auth: { authorization: session.data.token } };
  }

  it('gives the feed to one node and every partition to exactly one node', async () => {
    const roles = await cluster.settledRoles();
    expect(roles.filter((r) => r.feed)).toHaveLength(1);
    // Rendezvous shares: with three nodes alive, each holds some.
    for (const role of roles) expect(role.partitions.length).toBeGreaterThan(0);
    const leases = await cluster.db.selectFrom('leases').selectAll().execute();
    expect(leases.filter((l) => l.name.startsWith('partition:'))).toHaveLength(PARTITIONS);
  });

  it('shows the same prices on every node: the feed owner’s, not each node’s own', async () => {
    // Each node's feed says something else; only the owner's ticks travel.
    const roles = await cluster.settledRoles();
    const owner = roles.findIndex((r) => r.feed);
    cluster.clock.advance(1000);
    for (let i = 0; i < 3; i++) cluster.quoteOn(i, eurusd, 108_600 + i * 10);
    const owned = 108_600 + owner * 10;
    expect(await until(bids, (all) => all.every((b) => b === owned))).toEqual([
      owned,
      owned,
      owned,
    ]);
    await tick(108_500);
  });

  it('serves a session made on one node on another', async () => {
    const { auth } = await trader('cluster-session');
    const onB = await node(B).call('GET', '/v1/api/forex/my_deal', { status: 1, page: 1 }, auth);
    expect(onB.code).toBe(1);
  });

  it('shows an order placed through A live on a socket held by C, and its close', async () => {
    const { auth } = await trader('cluster-socket');
    await node(C).built.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (node(C).built.app.server.address() as AddressInfo).port;
    const client = await connectSocket(`ws://127.0.0.1:${port}/v1/ws`);
    try {
      client.send({ type: 'login', token: auth.authorization });
      await client.next((f) => f.type === 'login_result' && f.code === 1);
      client.send({ type: 'sub', topic: 'FOREX_TRADE' });
      client.send({ type: 'sub', topic: 'FOREX_CLOSED' });
      const placed = await node(A).call(
        'POST',
        '/v1/api/forex/submit',
        submitPayload(eurusd),
        auth,
      );
      expect(placed.code).toBe(1);
      const id = placed.data.Id as number;
      await client.next(
        (f) => f.topic === 'FOREX_TRADE' && f.data.orders.some((o: { Id: number }) => o.Id === id),
        5000,
      );
      const closed = await node(B).call('POST', '/v1/api/forex/close', { id }, auth);
      expect(closed.code).toBe(1);
      const frame = await client.next((f) => f.topic === 'FOREX_CLOSED' && f.data.Id === id, 5000);
      expect(frame.data.CloseReason).toBe('manual');
    } finally {
      client.socket.close();
    }
  });

  it('ends a socket held by C when its session logs out through A', async () => {
    const { auth } = await trader('cluster-logout');
    const port = (node(C).built.app.server.address() as AddressInfo | null)?.port;
    if (!port) await node(C).built.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `ws://127.0.0.1:${(node(C).built.app.server.address() as AddressInfo).port}/v1/ws`;
    const client = await connectSocket(url);
    try {
      client.send({ type: 'login', token: auth.authorization });
      await client.next((f) => f.type === 'login_result' && f.code === 1);
      const out = await node(A).call('POST', '/api/user/logout', {}, auth);
      expect(out.code).toBe(1);
      // The revocation travels on the bus: C ends the socket's session (999).
      await client.next((f) => f.type === 'login_result' && f.code === 999, 5000);
    } finally {
      client.socket.close();
    }
  });

  it('fires a take profit and a pending fill exactly once across the cluster', async () => {
    await tick(108_500);
    const { id: userId, auth } = await trader('cluster-triggers', B);
    const submit = (extra: Record<string, unknown>) =>
      node(A).call('POST', '/v1/api/forex/submit', submitPayload(eurusd, extra), auth);
    const tp = (await submit({ target_profit_price: '1.08560' })).data.Id as number;
    const pending = (await submit({ status: 0, target_price: '1.08450' })).data.Id as number;
    await tick(108_440); // the buy limit fills at the ask 1.08448
    await tick(108_570); // the take profit: bid above 1.08560
    const rows = await until(
      () =>
        cluster.db
          .selectFrom('orders')
          .select(['id', 'status', 'close_reason'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
      (orders) => orders.find((o) => Number(o.id) === tp)?.close_reason === 'take-profit',
    );
    expect(rows.find((o) => Number(o.id) === pending)?.status).toBe(1);
    const ledger = await cluster.db
      .selectFrom('ledger')
      .select(['order_id', 'kind'])
      .where('user_id', '=', userId)
      .execute();
    const count = (orderId: number, kind: string) =>
      ledger.filter((r) => Number(r.order_id) === orderId && r.kind === kind).length;
    expect(count(tp, 'margin-release')).toBe(1);
    expect(count(pending, 'reserve-release')).toBe(1);
    await cluster.idle();
    // Fired by exactly one node (the partition's owner): no refused duplicate either way.
    expect(count(tp, 'pnl')).toBe(1);
  });

  it('mirrors a leader’s trade to copies started on other nodes, once each, and its close', async () => {
    await tick(108_500);
    const lead = await trader('cluster-leader', A);
    await node(A).call('GET', '/v1/api/main/account/forexDetail', {}, lead.auth);
    // Made a real trader so that it may be copied (a real sign-up is not this test's subject).
    await cluster.db.updateTable('users').set({ is_demo: 0 }).where('id', '=', lead.id).execute();
    // Opted in on one node (issue 36): the others read the consent from the database.
    const consent = await node(A).call(
      'POST',
      '/api/follow/settings',
      { listed: 1, copyable: 1 },
      lead.auth,
    );
    expect(consent.code).toBe(1);
    const copyIds: number[] = [];
    for (const [i, via] of [B, C, A, B].entries()) {
      const follower = await trader(`cluster-follower-${i}`, via);
      const started = await node(via).call(
        'POST',
        '/api/follow/copy',
        { id: lead.id, amount: '5000' },
        follower.auth,
      );
      expect(started.code).toBe(1);
      copyIds.push(started.data.id);
    }
    const placed = await node(C).call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(eurusd),
      lead.auth,
    );
    const outcomes = () =>
      cluster.db
        .selectFrom('copy_trades')
        .innerJoin('orders', 'orders.id', 'copy_trades.copy_order_id')
        .select(['copy_trades.copy_id', 'orders.status', 'orders.open_price', 'orders.close_price'])
        .where('copy_trades.leader_order_id', '=', placed.data.Id)
        .execute();
    const opened = await until(outcomes, (rows) => rows.length === copyIds.length);
    expect(new Set(opened.map((r) => Number(r.copy_id)))).toEqual(new Set(copyIds));
    for (const row of opened) expect(Number(row.open_price)).toBe(108_508);
    await tick(108_530);
    await node(B).call('POST', '/v1/api/forex/close', { id: placed.data.Id }, lead.auth);
    const closed = await until(outcomes, (rows) => rows.every((r) => Number(r.status) === 3));
    for (const row of closed) expect(Number(row.close_price)).toBe(108_530);
    await cluster.idle();
    // Still one outcome per copy once every node is idle.
    expect(await outcomes()).toHaveLength(copyIds.length);
  });

  it('commits nothing from a node whose partition lease was taken, then takes it back and fires', async () => {
    await tick(108_500);
    const { id: userId, auth } = await trader('cluster-fenced');
    const name = partitionLease(partitionOf(userId, PARTITIONS));
    const tp = (
      await node(A).call(
        'POST',
        '/v1/api/forex/submit',
        submitPayload(eurusd, { target_profit_price: '1.08560' }),
        auth,
      )
    ).data.Id as number;
    // Another holder takes the lease for 3 s behind the owner's back (as after a pause).
    await stealLease(name, 3000);
    await tick(108_570);
    await cluster.idle();
    const still = await cluster.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', tp)
      .executeTakeFirstOrThrow();
    expect(Number(still.status)).toBe(1);
    // Once that lease expires, the rightful node takes it again, rebuilds, and the next tick fires.
    await leaseBackWithANode(name);
    await cluster.settledRoles();
    // A tick that arrives while the node is still reading the regained accounts is not theirs
    // yet; the market keeps ticking, so the test does too (a CI run lost its single tick).
    let next = 108_580;
    await until(
      async () => {
        await tick(next);
        next = next === 108_580 ? 108_581 : 108_580;
        return cluster.db
          .selectFrom('orders')
          .select('close_reason')
          .where('id', '=', tp)
          .executeTakeFirst();
      },
      (order) => order?.close_reason === 'take-profit',
    );
  });
  it('fires a price alert once, by the node following its account, after a takeover', async () => {
    await tick(108_500);
    const { id: userId, auth } = await trader('cluster-alerts', C);
    const name = partitionLease(partitionOf(userId, PARTITIONS));
    const created = await node(B).call(
      'POST',
      '/api/alerts/create',
      { forex_id: eurusd, side: 'bid', condition: 'above', price: '1.08600' },
      auth,
    );
    expect(created.code).toBe(1);
    // Told by e-mail too (the choice, on another node): its notice is recorded with the firing.
    const chose = await node(A).call(
      'POST',
      '/api/notifications/save',
      {
        kinds: { ...DEFAULT_NOTICE_CHOICES, price: { app: true, push: true, email: true } },
        time_zone: 'UTC',
      },
      auth,
    );
    expect(chose.code).toBe(1);
    // Its partition goes elsewhere for 3 s and comes back: the owner reads the alert again.
    await stealLease(name, 3000);
    await leaseBackWithANode(name);
    await cluster.settledRoles();
    let next = 108_620;
    const alert = await until(
      async () => {
        await tick(next);
        next = next === 108_620 ? 108_621 : 108_620;
        return cluster.db
          .selectFrom('price_alerts')
          .select(['status', 'fired_count'])
          .where('id', '=', created.data.id)
          .executeTakeFirstOrThrow();
      },
      (row) => row.status === 'fired',
    );
    await tick(108_640);
    await cluster.idle();
    const after = await cluster.db
      .selectFrom('price_alerts')
      .select('fired_count')
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect([Number(alert.fired_count), Number(after.fired_count)]).toEqual([1, 1]);
    // One notice for the one firing, whichever nodes saw its commit on the bus.
    const notices = await cluster.db
      .selectFrom('notice_outbox')
      .select(['dedupe_key', 'kind'])
      .where('user_id', '=', userId)
      .execute();
    expect(notices).toEqual([{ dedupe_key: `alert:${created.data.id}:1`, kind: 'alert_above' }]);
  });

  it('follows a trailing stop across its partition changing hands, and fires it once', async () => {
    await tick(108_500);
    const { id: userId, auth } = await trader('cluster-trailing', B);
    const name = partitionLease(partitionOf(userId, PARTITIONS));
    const opened = await node(C).call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(eurusd, { trailing_distance: '0.001' }),
      auth,
    );
    expect(opened.data.TargetLossPrice).toBe(1.084);
    const id = opened.data.Id as number;
    const stored = () =>
      cluster.db
        .selectFrom('orders')
        .select(['status', 'stop_loss', 'close_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    // The owner trails it to 1.08600 and stores the move within a second (the market keeps
    // ticking: the first tick may reach the owner before the order's commit does).
    await until(
      async () => {
        await tick(108_700);
        return Number((await stored()).stop_loss);
      },
      (stop) => stop === 108_600,
    );
    // Its partition goes elsewhere for 3 s and comes back: the owner reads the stored stop.
    await stealLease(name, 3000);
    await leaseBackWithANode(name);
    await cluster.settledRoles();
    let next = 108_590;
    const closed = await until(
      async () => {
        await tick(next);
        next = next === 108_590 ? 108_589 : 108_590;
        return stored();
      },
      (order) => order.close_reason !== null,
    );
    expect([Number(closed.status), closed.close_reason, Number(closed.stop_loss)]).toEqual([
      3,
      'trailing-stop',
      108_600,
    ]);
    await cluster.idle();
    const pnl = await cluster.db
      .selectFrom('ledger')
      .select('id')
      .where('order_id', '=', id)
      .where('kind', '=', 'pnl')
      .execute();
    expect(pnl).toHaveLength(1);
  });
});

// Pub/sub says each thing once: a node cut off from Redis misses what was said meanwhile. It
// must not guess: when Redis comes back it reads its accounts from the database again, so an
// order placed elsewhere during the outage has its take profit watched and fired.
describe.skipIf(postgres.skip || skipRedis)('a node cut off from Redis', () => {
  let cluster: Awaited<ReturnType<typeof startTestNodes>>;
  let proxy: TcpProxy;
  let eurusd: number;

  beforeAll(async () => {
    const redis = new URL(TEST_REDIS_URL);
    proxy = await createTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    await proxy.up();
    cluster = await startTestNodes(2, {
      cluster: {
        leaseTtlMs: 1000,
        partitions: 4,
        redisUrls: [undefined, `redis://127.0.0.1:${proxy.port}`],
      },
    });
    eurusd = cluster.instrumentId('EURUSD');
    await cluster.settledRoles();
    cluster.quote(eurusd, 108_500);
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
    await proxy?.down();
  });

  it('catches up from the database when Redis comes back, and fires what it missed', async () => {
    const [a, b] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
    const roles = await cluster.settledRoles();
    // A trader whose partition the cut-off node (B) holds.
    let trader: { id: number; auth: { authorization: string } } | undefined;
    for (let i = 0; !trader; i++) {
      const session = await a.call('GET', '/api/user/createAccountDemoForU', {
        demo_id: `cut-off-${i}-device`,
      });
      const id = session.data.user.id as number;
      if (roles[1]!.partitions.includes(partitionOf(id, 4)))
        trader = { id, auth: { authorization: session.data.token } };
    }
    await until(
      () => b.built.trading!.memoryOf(trader!.id),
      (view) => view !== undefined,
    ).catch(() => undefined);
    await proxy.down();
    const placed = await a.call(
      'POST',
      '/v1/api/forex/submit',
      submitPayload(eurusd, { target_profit_price: '1.08560' }),
      trader.auth,
    );
    expect(placed.code).toBe(1);
    const id = placed.data.Id as number;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // B never heard of the order.
    expect(b.built.trading!.memoryOf(trader.id)?.orders.has(id) ?? false).toBe(false);
    await proxy.up();
    await until(
      () => b.built.trading!.memoryOf(trader!.id)?.orders.has(id) ?? false,
      (known) => known,
    );
    cluster.clock.advance(1000);
    cluster.quote(eurusd, 108_570);
    await until(
      () =>
        cluster.db
          .selectFrom('orders')
          .select('close_reason')
          .where('id', '=', id)
          .executeTakeFirst(),
      (order) => order?.close_reason === 'take-profit',
    );
  });
});
