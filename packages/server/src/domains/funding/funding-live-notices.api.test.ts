import type { AddressInfo } from 'node:net';
import { type FundingPush, TOPICS, WS_PATH } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountCommit } from '../../platform/core/account-commit.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { fund, submitUsdtDeposit, usableUsdtAddress } from '../../testing/funding.ts';
import { adminCall, createOperator, registerTrader } from '../../testing/operators.ts';
import { listenForSockets, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { startTestNodes } from '../../testing/test-nodes.ts';
import { connectSocket, type SocketClient } from '../../testing/ws-client.ts';
import { createScriptedFeed } from '../market/feed/feed.ts';

/**
 * Issue 37 item 6: a decision of the desk on a deposit or withdrawal reaches the trader's open
 * app, not only their e-mail. The decision's command writes the notice and the commit that
 * carries the FUNDING event in one transaction; after commit the bus takes the event to the
 * node holding the trader's socket.
 */

type Trader = Awaited<ReturnType<typeof registerTrader>>;

/** A socket logged in as the trader, subscribed to FUNDING. */
async function fundingSocket(url: string, token: string): Promise<SocketClient> {
  const client = await connectSocket(url);
  client.send({ type: 'login', token });
  await client.next((f) => f.type === 'login_result' && f.code === 1);
  client.send({ type: 'sub', topic: TOPICS.funding });
  // The subscription is in once a ping sent after it is answered (messages are handled in order).
  client.send({ type: 'ping' });
  await client.next((f) => f.type === 'pong');
  return client;
}

const pushes = (client: SocketClient): FundingPush[] =>
  client.frames.filter((f) => f.topic === TOPICS.funding).map((f) => f.data);

/** The push of `key`, once it has come. */
const pushOf = async (client: SocketClient, key: string): Promise<FundingPush> =>
  (await client.next((f) => f.topic === TOPICS.funding && f.data.key === key)).data;

async function noticeKeys(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.store.db
    .selectFrom('notice_outbox')
    .select('dedupe_key')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.dedupe_key);
}

type Method = Awaited<ReturnType<typeof usableUsdtAddress>>;

/** A USDT TRC20 withdrawal of `usd` to a bound, usable address; answers its id. */
async function withdraw(t: TestApp, trader: Trader, method: Method, usd: string): Promise<number> {
  const { methodId, currencyId } = method;
  const held = await t.call(
    'POST',
    '/api/account/draw',
    {
      draw_currency_id: currencyId,
      number: usd,
      draw_method_id: methodId,
      password: trader.password,
    },
    { authorization: trader.token },
  );
  if (held.code !== 1) throw new Error(`withdrawal refused: ${held.msg}`);
  return held.data.id as number;
}

describe.each(DIALECTS)('FUNDING on the socket on $name', ({ name, skip }) => {
  let t: TestApp;
  let url: string;
  const commits: AccountCommit[] = [];

  beforeAll(async () => {
    if (skip) return;
    // The socket gateway runs with a market: a scripted feed that never ticks.
    t = await startTestApp(name, {}, { feed: createScriptedFeed() });
    url = await listenForSockets(t);
    t.bus.subscribe('account.committed', (commit) => {
      commits.push(commit);
    });
  });
  afterAll(async () => {
    if (skip) return;
    await t.close();
  });

  it.skipIf(skip)(
    "tells the trader's open app of each decision on a deposit, with the notice's key",
    async () => {
      const trader = await registerTrader(t, 'live-deposits@example.com');
      const other = await registerTrader(t, 'live-deposits-other@example.com');
      const finance = await createOperator(t, 'finance');
      const socket = await fundingSocket(url, trader.token);
      const bystander = await fundingSocket(url, other.token);

      const credited = await submitUsdtDeposit(t, trader.token, '250.5');
      expect(
        (await adminCall(t, finance.token, 'approveDeposit', { id: credited.data.id })).code,
      ).toBe(1);
      const rejected = await submitUsdtDeposit(t, trader.token, '40');
      const remark = 'No transfer arrived';
      expect(
        (await adminCall(t, finance.token, 'rejectDeposit', { id: rejected.data.id, remark })).code,
      ).toBe(1);
      const invalid = await submitUsdtDeposit(t, trader.token, '12');
      expect(
        (
          await adminCall(t, finance.token, 'invalidDeposit', {
            id: invalid.data.id,
            remark: 'Forged',
          })
        ).code,
      ).toBe(1);

      const keys = [
        `deposit:${credited.data.id}:credited`,
        `deposit:${rejected.data.id}:rejected`,
        `deposit:${invalid.data.id}:invalid`,
      ];
      expect(await pushOf(socket, keys[0]!)).toEqual({
        key: keys[0],
        kind: 'deposit_credited',
        id: credited.data.id,
        number: 250.5,
        currency: 'USDT',
        amount: 250.5,
        note: '',
        at: t.clock.now,
      });
      expect(await pushOf(socket, keys[1]!)).toMatchObject({
        kind: 'deposit_rejected',
        id: rejected.data.id,
        number: 40,
        currency: 'USDT',
        note: remark,
      });
      expect(await pushOf(socket, keys[2]!)).toMatchObject({
        kind: 'deposit_invalid',
        note: 'Forged',
      });
      expect(pushes(socket).map((p) => p.key)).toEqual(keys);
      // The e-mail's notice is recorded under the same keys.
      expect(await noticeKeys(t, trader.id)).toEqual(keys);

      // A refused decision tells nobody anything; nor does anyone hear of another's money.
      expect(
        (await adminCall(t, finance.token, 'rejectDeposit', { id: invalid.data.id, remark: 'x' }))
          .code,
      ).toBe(5015);
      await fundingSocket(url, trader.token);
      expect(pushes(socket)).toHaveLength(3);
      expect(pushes(bystander)).toEqual([]);
      socket.socket.close();
      bystander.socket.close();
    },
  );

  it.skipIf(skip)(
    'tells it of a withdrawal approved, paid and rejected, each a commit of the account',
    async () => {
      const trader = await registerTrader(t, 'live-withdrawals@example.com');
      await fund(t, trader.token, '500');
      const method = await usableUsdtAddress(t, trader.token);
      // After the address's day of cooling-off: an operator's session of now.
      const finance = await createOperator(t, 'finance');
      const socket = await fundingSocket(url, trader.token);
      const paidId = await withdraw(t, trader, method, '100');
      const rejectedId = await withdraw(t, trader, method, '60');
      const before = commits.length;

      expect((await adminCall(t, finance.token, 'approveWithdrawal', { id: paidId })).code).toBe(1);
      const reference = 'TRX-LIVE-1';
      expect(
        (await adminCall(t, finance.token, 'paidWithdrawal', { id: paidId, reference })).code,
      ).toBe(1);
      const reason = 'The address belongs to an exchange that refuses our transfers';
      expect(
        (await adminCall(t, finance.token, 'rejectWithdrawal', { id: rejectedId, reason })).code,
      ).toBe(1);

      // USDT on TRC20: a fixed fee of 1 USD at price 1.
      expect(await pushOf(socket, `withdrawal:${paidId}:approved`)).toEqual({
        key: `withdrawal:${paidId}:approved`,
        kind: 'withdrawal_approved',
        id: paidId,
        number: 100,
        currency: 'USDT',
        real_number: 99,
        note: '',
        at: t.clock.now,
      });
      expect(await pushOf(socket, `withdrawal:${paidId}:paid`)).toMatchObject({
        kind: 'withdrawal_paid',
        number: 100,
        real_number: 99,
        note: reference,
      });
      expect(await pushOf(socket, `withdrawal:${rejectedId}:rejected`)).toMatchObject({
        kind: 'withdrawal_rejected',
        id: rejectedId,
        number: 60,
        real_number: 59,
        note: reason,
      });

      // Each decision is a commit of the trader's account, one version after the other, its
      // event beside the money it moved (the transfer moves none).
      const decided = commits.slice(before).filter((c) => c.accountId === trader.id);
      expect(
        decided.map((c) => c.events.map((e) => (e.type === 'funding' ? e.change : e.type))),
      ).toEqual([['withdrawal-paid-out'], ['withdrawal-transferred'], ['withdrawal-returned']]);
      const versions = decided.map((c) => c.version);
      expect(versions).toEqual([versions[0], versions[0]! + 1, versions[0]! + 2]);
      expect(decided[1]!.balance).toBe(decided[0]!.balance);

      // Paid once: marking it paid again is refused and told to nobody.
      expect(
        (await adminCall(t, finance.token, 'paidWithdrawal', { id: paidId, reference: 'again' }))
          .code,
      ).toBe(5016);
      await fundingSocket(url, trader.token);
      expect(pushes(socket).map((p) => p.kind)).toEqual([
        'withdrawal_approved',
        'withdrawal_paid',
        'withdrawal_rejected',
      ]);
      socket.socket.close();
    },
  );
});

const postgres = DIALECTS.find((d) => d.name === 'postgres')!;

describe.skipIf(postgres.skip)('FUNDING across two nodes of one PostgreSQL database', () => {
  let cluster: Awaited<ReturnType<typeof startTestNodes>>;

  beforeAll(async () => {
    cluster = await startTestNodes(2);
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('reaches the socket on one node when the desk decides on the other', async () => {
    const a = cluster.asTestApp(0);
    const b = cluster.asTestApp(1);
    const trader = await registerTrader(a, 'live-two-nodes@example.com');
    await fund(a, trader.token, '300');
    const id = await withdraw(a, trader, await usableUsdtAddress(a, trader.token), '100');
    const finance = await createOperator(a, 'finance');
    await b.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (b.app.server.address() as AddressInfo).port;
    const socket = await fundingSocket(`ws://127.0.0.1:${port}${WS_PATH}`, trader.token);

    expect((await adminCall(a, finance.token, 'approveWithdrawal', { id })).code).toBe(1);
    expect(
      (await adminCall(a, finance.token, 'paidWithdrawal', { id, reference: 'TRX-NODE-A' })).code,
    ).toBe(1);
    expect(await pushOf(socket, `withdrawal:${id}:paid`)).toMatchObject({
      kind: 'withdrawal_paid',
      note: 'TRX-NODE-A',
    });
    expect(pushes(socket).map((p) => p.kind)).toEqual(['withdrawal_approved', 'withdrawal_paid']);
    socket.socket.close();
  });
});
