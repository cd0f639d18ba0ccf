import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { submitPayload } from '../../testing/test-app.ts';
import { startTestNodes } from '../../testing/test-nodes.ts';

const postgres = DIALECTS.find((d) => d.name === 'postgres')!;

// Two server nodes on one PostgreSQL database, as during a rolling deploy: the same account's
// closes, cancels, TP/SL exits and submits race across them. Whatever each node's memory
// believes, the database decides: every position pays once, every reserve is released once.
describe.skipIf(postgres.skip)('two nodes on one PostgreSQL database', () => {
  let cluster: Awaited<ReturnType<typeof startTestNodes>>;
  let eurusd: number;

  beforeAll(async () => {
    cluster = await startTestNodes(2);
    eurusd = cluster.instrumentId('EURUSD');
    cluster.quote(eurusd, 108_500);
  });
  afterAll(async () => {
    await cluster?.close();
  });

  const order = (type: 1 | 2, extra: Record<string, unknown> = {}) =>
    submitPayload(eurusd, { type, ...extra });

  async function ledgerOf(userId: number) {
    return cluster.db
      .selectFrom('ledger')
      .select(['amount', 'kind', 'order_id'])
      .where('user_id', '=', userId)
      .execute();
  }

  async function checkAccount(userId: number): Promise<void> {
    const account = await cluster.db
      .selectFrom('accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const ledger = await ledgerOf(userId);
    const orders = await cluster.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    const balance = BigInt(account.balance);
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(ledger.reduce((sum, row) => sum + BigInt(row.amount), 0n)).toBe(balance);
    const reserved = orders
      .filter((o) => Number(o.status) === 0)
      .reduce((sum, o) => sum + BigInt(o.reserve), 0n);
    expect(BigInt(account.lock_balance)).toBe(reserved);
    const rowsOf = (orderId: unknown, kind: string) =>
      ledger.filter((row) => Number(row.order_id) === Number(orderId) && row.kind === kind).length;
    for (const o of orders) {
      const status = Number(o.status);
      const traded = o.open_price !== null;
      // Paid exactly once when closed, never while open.
      expect(rowsOf(o.id, 'margin-release')).toBe(status === 3 && traded ? 1 : 0);
      expect(rowsOf(o.id, 'pnl')).toBe(status === 3 && traded ? 1 : 0);
      // A pending order's reserve: taken once, released once when it filled or left.
      if (o.target_price !== null) {
        expect(rowsOf(o.id, 'reserve')).toBe(1);
        expect(rowsOf(o.id, 'reserve-release')).toBe(status === 0 ? 0 : 1);
      }
    }
  }

  it('pays every position once and releases every reserve once, whatever races', async () => {
    const [a, b] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
    for (let round = 0; round < 6; round++) {
      const first = round % 2 === 0 ? a : b;
      const second = first === a ? b : a;
      const session = await first.call('GET', '/api/user/createAccountDemoForU', {
        demo_id: `two-nodes-${round}`,
      });
      const userId = session.data.user.id as number;
      const auth = { authorization: session.data.token as string };
      const submit = (
        node: typeof a,
        payload: Record<string, unknown>,
        headers: Record<string, string> = {},
      ) => node.call('POST', '/v1/api/forex/submit', payload, { ...auth, ...headers });
      const idOf = (answer: { code: number; data: { Id: number } }) => {
        expect(answer.code).toBe(1);
        return answer.data.Id;
      };
      const tp = idOf(await submit(first, order(1, { target_profit_price: '1.08560' })));
      const closing = idOf(await submit(second, order(2)));
      const stops = idOf(await submit(first, order(1, { cont: '2' })));
      const pending = idOf(await submit(second, order(1, { status: 0, target_price: '1.08000' })));
      idOf(await submit(first, order(2, { status: 0, target_price: '1.09000' })));

      const key = { 'idempotency-key': `two-nodes-key-${round}` };
      const raced = await Promise.all([
        first.call('POST', '/v1/api/forex/close', { id: closing }, auth),
        second.call('POST', '/v1/api/forex/close', { id: closing }, auth),
        first.call('POST', '/v1/api/forex/cancel_trade', { id: pending }, auth),
        second.call('POST', '/v1/api/forex/cancel_trade', { id: pending }, auth),
        // The take profit fires on both nodes' books while a hand closes it too.
        (async () => cluster.quote(eurusd, 108_570))(),
        second.call('POST', '/v1/api/forex/close', { id: tp }, auth),
        first.call('POST', '/v1/api/forex/close', { id: stops }, auth),
        second.call(
          'POST',
          '/v1/api/forex/set_stop_price',
          { id: stops, target_profit_price: '1.09000', stop_loss_price: '1.08000' },
          auth,
        ),
        submit(first, order(1), key),
        submit(second, order(1), key),
        submit(first, order(2, { cont: '0.5' })),
        submit(second, order(1, { cont: '0.5' })),
      ]);
      await cluster.idle();
      const [closeA, closeB, cancelA, cancelB] = raced;
      expect([closeA.code, closeB.code].sort()).toEqual([1, 2012]);
      expect([cancelA.code, cancelB.code].sort()).toEqual([1, 2012]);
      const keyed = await cluster.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key['idempotency-key'])
        .execute();
      expect(keyed).toHaveLength(1);
      expect(raced[8].data.Id).toBe(raced[9].data.Id);
      const tpOrder = await cluster.db
        .selectFrom('orders')
        .select(['status', 'close_reason'])
        .where('id', '=', tp)
        .executeTakeFirstOrThrow();
      expect(Number(tpOrder.status)).toBe(3);
      await checkAccount(userId);
      // Back to the starting price for the next round.
      cluster.clock.now += 60_000;
      cluster.quote(eurusd, 108_500);
      await cluster.idle();
    }
  });
});
