import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { adminCall, createOperator, registerTrader } from '../../testing/operators.ts';
import { startEurusdApp, type TestApp } from '../../testing/test-app.ts';
import { startTestNodes } from '../../testing/test-nodes.ts';
import { connectSocket, type SocketClient } from '../../testing/ws-client.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const postgres = DIALECTS.find((d) => d.name === 'postgres')!;

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/ws`;
}

/** A socket logged in as the trader and subscribed to CHAT. */
async function chatSocket(url: string, token: string): Promise<SocketClient> {
  const client = await connectSocket(url);
  client.send({ type: 'login', token });
  await client.next((f) => f.type === 'login_result' && f.code === 1);
  client.send({ type: 'sub', topic: 'CHAT' });
  // A ping answered after the sub means the sub was taken (messages are handled in order).
  client.send({ type: 'ping' });
  await client.next((f) => f.type === 'pong');
  return client;
}

// An operator's reply reaches the trader's open app at once, on the socket, and no one else's.
describe('support chat live on the socket', () => {
  let t: TestApp;
  let url: string;
  const sockets: SocketClient[] = [];

  beforeEach(async () => {
    ({ t } = await startEurusdApp('sqlite'));
    url = await listen(t);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.socket.terminate();
    await t.close();
  });

  it('pushes a reply to the trader’s sockets only, with the unread count', async () => {
    const trader = await registerTrader(t, 'live-chat@example.com');
    const other = await registerTrader(t, 'live-other@example.com');
    const desk = await createOperator(t, 'support');
    const mine = await chatSocket(url, trader.token);
    const theirs = await chatSocket(url, other.token);
    const anonymous = await connectSocket(url);
    anonymous.send({ type: 'sub', topic: 'CHAT' });
    sockets.push(mine, theirs, anonymous);

    const reply = await adminCall(t, desk.token, 'supportReply', {
      id: trader.id,
      content: 'Hello from support',
    });
    const frame = await mine.next((f) => f.topic === 'CHAT');
    expect(frame.data).toEqual({
      message: {
        id: reply.data.id,
        sender: 'operator',
        content: 'Hello from support',
        created_at: t.clock.now,
      },
      unread: 1,
    });
    // The trader's own message reaches their other devices too; writing means they read the
    // conversation up to it, so nothing is unread after.
    const sent = await t.call(
      'POST',
      '/api/support/send',
      { content: 'thanks' },
      { authorization: trader.token },
    );
    const echo = await mine.next((f) => f.topic === 'CHAT' && f.data.message.id === sent.data.id);
    expect(echo.data).toMatchObject({ message: { sender: 'trader' }, unread: 0 });
    await pause(200);
    expect(theirs.frames.filter((f) => f.topic === 'CHAT')).toEqual([]);
    expect(anonymous.frames.filter((f) => f.topic === 'CHAT')).toEqual([]);
  });

  it('stops pushing once the socket logs out', async () => {
    const trader = await registerTrader(t, 'live-logout@example.com');
    const desk = await createOperator(t, 'support');
    const mine = await chatSocket(url, trader.token);
    sockets.push(mine);
    mine.send({ type: 'logout' });
    mine.send({ type: 'ping' });
    // The second pong (the first answered chatSocket's ping): the logout was handled before it.
    await mine.next(() => mine.frames.filter((f) => f.type === 'pong').length === 2);
    await adminCall(t, desk.token, 'supportReply', { id: trader.id, content: 'anyone?' });
    await pause(200);
    expect(mine.frames.filter((f) => f.topic === 'CHAT')).toEqual([]);
  });
});

// Two nodes on one database and one bus: written on node A, the reply reaches a socket on B.
describe.skipIf(postgres.skip)('support chat across two nodes', () => {
  let cluster: Awaited<ReturnType<typeof startTestNodes>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    cluster = await startTestNodes(2);
    a = cluster.asTestApp(0);
    b = cluster.asTestApp(1);
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('delivers a reply stored on one node to the trader’s socket on the other', async () => {
    const trader = await registerTrader(a, 'two-node-chat@example.com');
    const desk = await createOperator(a, 'support');
    const onB = await chatSocket(await listen(b), trader.token);
    try {
      const reply = await adminCall(a, desk.token, 'supportReply', {
        id: trader.id,
        content: 'written on node A',
      });
      const frame = await onB.next((f) => f.topic === 'CHAT');
      expect(frame.data.message).toMatchObject({ id: reply.data.id, content: 'written on node A' });
      // And node B reads the same conversation from the shared database.
      const page = await b.call(
        'GET',
        '/api/support/messages',
        {},
        { authorization: trader.token },
      );
      expect(page.data.data.map((m: { id: number }) => m.id)).toEqual([reply.data.id]);
    } finally {
      onB.socket.terminate();
    }
  });
});
