import { TOPICS } from '@tradedesk/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, type WebSocket as ServerSide, WebSocketServer } from 'ws';
import { createSocketClient, type SocketState } from './ws-client.ts';

/*
 * The socket client against a real WebSocket server on a free port. jsdom's own WebSocket
 * cannot reach a local server here, so the page's WebSocket is the `ws` package's client,
 * which has the same interface (onopen/onmessage/onclose, readyState, send).
 */
let server: WebSocketServer;
let port: number;
const sockets: ServerSide[] = [];

// For the whole file: a client of an earlier test keeps retrying in the background.
beforeAll(() => {
  vi.stubGlobal('WebSocket', NodeWebSocket);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as { port: number }).port;
  server.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (raw) => {
      if (JSON.parse(String(raw)).type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    });
  });
});
afterEach(async () => {
  sockets.length = 0;
  for (const socket of server.clients) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
});

/** A started client, with every state it went through. */
function startClient() {
  const client = createSocketClient(() => `ws://127.0.0.1:${port}/v1/ws`);
  const states: SocketState[] = [];
  client.onStatusChange(() => states.push(client.getStatus().state));
  client.start();
  return { client, states };
}

const stateOf = (client: ReturnType<typeof createSocketClient>) => () => client.getStatus().state;

describe('socket client state', () => {
  it('is connecting, then open; a dropped socket makes it reconnecting until a new one opens', async () => {
    const { client, states } = startClient();
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    await vi.waitFor(() => expect(stateOf(client)()).toBe('open'));
    expect(states).toEqual(['connecting', 'open']);

    sockets[0]?.terminate();
    await vi.waitFor(() => expect(stateOf(client)()).toBe('reconnecting'));
    await vi.waitFor(() => expect(stateOf(client)()).toBe('open'), { timeout: 5_000 });
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(2);
  });

  it('keeps the time of the last push for the age of what stays on screen', async () => {
    const { client } = startClient();
    await vi.waitFor(() => expect(stateOf(client)()).toBe('open'));
    const quotes = vi.fn();
    client.subscribe(TOPICS.dayMarket, quotes);
    const before = Date.now();
    sockets[0]?.send(JSON.stringify({ topic: TOPICS.dayMarket, data: [] }));
    await vi.waitFor(() => expect(quotes).toHaveBeenCalled());
    const after = Date.now();

    sockets[0]?.terminate();
    await vi.waitFor(() => expect(stateOf(client)()).toBe('reconnecting'));
    const { lastPushAt } = client.getStatus();
    expect(lastPushAt).toBeGreaterThanOrEqual(before);
    expect(lastPushAt).toBeLessThanOrEqual(after);
  });

  it('drops the socket as soon as the device goes offline and reconnects as soon as it is back', async () => {
    const { client } = startClient();
    await vi.waitFor(() => expect(stateOf(client)()).toBe('open'));

    window.dispatchEvent(new Event('offline'));
    expect(stateOf(client)()).toBe('reconnecting');
    await vi.waitFor(() => expect(sockets[0]?.readyState).toBe(NodeWebSocket.CLOSED));

    // Back online: no back-off wait (the first retry alone would be 500 ms).
    const backAt = Date.now();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(stateOf(client)()).toBe('open'), { timeout: 400, interval: 5 });
    expect(Date.now() - backAt).toBeLessThan(400);
  });
});
