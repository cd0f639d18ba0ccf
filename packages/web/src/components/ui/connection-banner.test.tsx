import { act, cleanup, render, screen } from '@testing-library/react';
import { TOPICS } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, type WebSocket as ServerSide, WebSocketServer } from 'ws';
import ar from '../../i18n/locales/ar.json';
import en from '../../i18n/locales/en.json';
import { localZoneLabel } from '../../lib/local-time.ts';
import { BACK_SHOWN_MS } from '../../lib/use-connection-status.ts';
import { createSocketClient } from '../../lib/ws-client.ts';
import { ConnectionBanner } from './connection-banner.tsx';

/*
 * The banner over a real socket client talking to a real WebSocket server (the `ws`
 * package's client stands in for the page's WebSocket: jsdom's cannot reach it here).
 */
let server: WebSocketServer;
let port: number;
const sockets: ServerSide[] = [];
let online = true;

beforeAll(async () => {
  vi.stubGlobal('WebSocket', NodeWebSocket);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en }, ar: { translation: ar } },
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(async () => {
  online = true;
  await i18next.changeLanguage('en');
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as { port: number }).port;
  server.on('connection', (socket) => void sockets.push(socket));
});
afterEach(async () => {
  cleanup();
  sockets.length = 0;
  for (const socket of server.clients) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
});

/** A live client that has had one quote pushed; returns when the quote arrived. */
async function liveClientWithAQuote() {
  const client = createSocketClient(() => `ws://127.0.0.1:${port}/v1/ws`);
  const quotes = vi.fn();
  client.subscribe(TOPICS.dayMarket, quotes);
  client.start();
  await vi.waitFor(() => expect(client.getStatus().state).toBe('open'));
  sockets[0]?.send(JSON.stringify({ topic: TOPICS.dayMarket, data: [] }));
  await vi.waitFor(() => expect(quotes).toHaveBeenCalled());
  return { client, quoteAt: Date.now() };
}

const banner = () => screen.queryByTestId('connection-banner');

const pad = (n: number) => String(n).padStart(2, '0');
/** "12:03:15 GMT+8" on this machine's clock. */
function clockOf(ms: number): string {
  const at = new Date(ms);
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return `${clock} ${localZoneLabel(ms, { language: 'en' })}`;
}

describe('connection banner', () => {
  it('appears when the socket drops, with the time of the prices kept, and goes once it is back', async () => {
    const { client, quoteAt } = await liveClientWithAQuote();
    render(<ConnectionBanner socket={client} />);
    expect(banner()).toBeNull();

    act(() => sockets[0]?.terminate());
    await vi.waitFor(() => expect(banner()?.dataset.phase).toBe('reconnecting'));
    expect(banner()?.textContent).toContain('Reconnecting…');
    const age = screen.getByTestId('connection-age').textContent ?? '';
    // The clock of the last quote (to the second either side of when it came), with the
    // zone every other time carries.
    expect([clockOf(quoteAt - 1_000), clockOf(quoteAt), clockOf(quoteAt + 1_000)]).toContain(
      age.replace('Prices as of ', ''),
    );

    await vi.waitFor(() => expect(banner()?.dataset.phase).toBe('back'), { timeout: 5_000 });
    expect(banner()?.textContent).toBe('Back online');
    await vi.waitFor(() => expect(banner()).toBeNull(), { timeout: BACK_SHOWN_MS + 1_000 });
  });

  it('says the device is offline at once, in the reader’s language, and is back when it is', async () => {
    const { client, quoteAt } = await liveClientWithAQuote();
    await i18next.changeLanguage('ar');
    render(<ConnectionBanner socket={client} />);

    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(banner()?.dataset.phase).toBe('offline');
    expect(banner()?.textContent).toContain('أنت غير متصل بالإنترنت');
    // One left-to-right unit, the zone after the clock.
    expect(screen.getByTestId('connection-age').textContent).toMatch(
      /^الأسعار حتى \u2066\d\d:\d\d:\d\d GMT[+-]\d+(:\d\d)?\u2069$/,
    );
    expect(client.getStatus().lastPushAt).toBeLessThanOrEqual(quoteAt);

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(banner()?.dataset.phase).toBe('back'));
    expect(banner()?.textContent).toBe('عاد الاتصال');
  });

  it('stays hidden while the first connection is being made', async () => {
    const client = createSocketClient(() => `ws://127.0.0.1:${port}/v1/ws`);
    render(<ConnectionBanner socket={client} />);
    act(() => client.start());
    expect(client.getStatus().state).toBe('connecting');
    expect(banner()).toBeNull();
    await vi.waitFor(() => expect(client.getStatus().state).toBe('open'));
    expect(banner()).toBeNull();
  });
});
