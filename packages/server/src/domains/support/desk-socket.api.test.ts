import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { adminCall, createOperator, registerTrader } from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { connectSocket, type SocketClient } from '../../testing/ws-client.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The support desk's socket: operators who may read the inbox hear of every new message at
// once; nobody else does, and an operator whose session ends hears nothing more.
describe.each(DIALECTS)('support desk socket on $name', ({ name, skip }) => {
  let t: TestApp;
  let url: string;
  const sockets: SocketClient[] = [];

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/admin/ws`;
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.terminate();
    if (!skip) await t.close();
  });

  async function deskSocket(token: string): Promise<{ client: SocketClient; code: number }> {
    const client = await connectSocket(url);
    sockets.push(client);
    client.send({ type: 'login', token });
    const result = await client.next((f) => f.type === 'login_result');
    return { client, code: result.code };
  }
  const announcements = (client: SocketClient) =>
    client.frames.filter((f) => f.topic === 'SUPPORT');

  it.skipIf(skip)('announces new messages to the desk only, and stops at logout', async () => {
    const trader = await registerTrader(t, `desk-socket-${name}@example.com`);
    const desk = await createOperator(t, 'support');
    const owner = await createOperator(t, 'owner');
    const finance = await createOperator(t, 'finance');
    const onDesk = await deskSocket(desk.token);
    const onOwner = await deskSocket(owner.token);
    const onFinance = await deskSocket(finance.token);
    const asTrader = await deskSocket(trader.token);
    expect([onDesk.code, onOwner.code, onFinance.code, asTrader.code]).toEqual([1, 1, 999, 999]);

    const sent = await t.call(
      'POST',
      '/api/support/send',
      { content: 'is anyone there?' },
      { authorization: trader.token },
    );
    const frame = await onDesk.client.next((f) => f.topic === 'SUPPORT');
    // Ids only: the text is read through the authorized calls.
    expect(frame.data).toEqual({ user_id: trader.id, id: sent.data.id, sender: 'trader' });
    await onOwner.client.next((f) => f.topic === 'SUPPORT');

    const reply = await adminCall(t, owner.token, 'supportReply', {
      id: trader.id,
      content: 'yes',
    });
    await onDesk.client.next((f) => f.topic === 'SUPPORT' && f.data.id === reply.data.id);

    expect((await adminCall(t, desk.token, 'logout')).code).toBe(1);
    await t.call(
      'POST',
      '/api/support/send',
      { content: 'again' },
      { authorization: trader.token },
    );
    await onOwner.client.next(() => announcements(onOwner.client).length === 3);
    await pause(100);
    expect(announcements(onDesk.client)).toHaveLength(2);
    expect(onDesk.client.frames.filter((f) => f.type === 'login_result').at(-1).code).toBe(999);
    expect(announcements(onFinance.client)).toEqual([]);
    expect(announcements(asTrader.client)).toEqual([]);
  });

  it.skipIf(skip)(
    'closes a socket that never logs in, and answers malformed messages',
    async () => {
      const client = await connectSocket(url);
      sockets.push(client);
      client.send('not json');
      expect((await client.next((f) => f.type === 'error')).code).toBe(1000);
      client.send({ type: 'ping' });
      await client.next((f) => f.type === 'pong');
    },
  );
});
