import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { type DayMarketQuote, type Instrument, TOPICS } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket, type WebSocket as ServerSide, WebSocketServer } from 'ws';
import { tradeListQuery } from '../features/market/api/market-api.ts';
import { useLiveQuotes } from '../features/market/hooks/use-live-quotes.ts';
import en from '../i18n/locales/en.json';
import { socketClient } from '../lib/ws-client.ts';
import { TradeRoute } from './trade-route.tsx';

// The reopen time is the trader's own: in Tokyo, New York's Tuesday 09:30 is Tuesday 23:30.
// (Put back after: the worker may run other files.)
const zoneBefore = process.env.TZ;
process.env.TZ = 'Asia/Tokyo';
const TUESDAY_09_30_NEW_YORK = Date.UTC(2026, 10, 3, 14, 30);

/*
 * The trade page over the app's real socket client, talking to a real WebSocket server (the
 * `ws` package's client stands in for the page's WebSocket: jsdom's cannot reach it here).
 * Only the address is the test's: the page's host is jsdom's.
 */
let port = 0;
vi.mock('../lib/ws-client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../lib/ws-client.ts')>();
  return { ...real, socketClient: real.createSocketClient(() => `ws://127.0.0.1:${port}/v1/ws`) };
});
// The chart draws on a canvas, which jsdom has not: it is not what is tested here.
vi.mock('../features/market/components/candle-chart.tsx', () => ({ CandleChart: () => null }));

const AAPL: Instrument = {
  Id: 27,
  Code: 'AAPL',
  ShowCode: 'AAPL',
  Name: 'Apple Inc.',
  Logo: '/logos/aapl.svg',
  CategoryId: 4,
  MarketStatus: 1,
  NextOpen: null,
  PricePrecision: 2,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexMaxCont: 50,
  ForexContNum: 100,
  ForexFeeRate: 0.0005,
  MarginMode: 0,
  HasForexMultiple: [{ Value: 10 }],
  Spread: 0.05,
  QuoteCurrency: 'USD',
  CalcMode: 'cfd',
  MarginCurrency: 'USD',
  Schedule: 'us',
  Bid: 227.5,
  Ask: 227.55,
  Seq: 4,
  ForexQuotations: { Open: 226, Close: 227.5, Change: 0.66, High: 228, Low: 225.9, Volume: 900 },
};

/** AAPL's DAY_MARKET quote at 16:00 New York: its price unmoved, its market closed. */
const closingQuote: DayMarketQuote = {
  Id: AAPL.Id,
  Code: AAPL.Code,
  Close: 227.5,
  Open: 226,
  High: 228,
  Low: 225.9,
  Change: 0.66,
  Volume: 900,
  bid: 227.5,
  ask: 227.55,
  time: TUESDAY_09_30_NEW_YORK - 63_000_000,
  seq: 5,
  MarketStatus: 0,
  NextOpen: TUESDAY_09_30_NEW_YORK,
};

const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  const ok = (data: unknown) => Response.json({ code: 1, msg: 'OK', data });
  if (url.startsWith('/v1/api/forex/trade_list')) return ok([AAPL]);
  if (url.startsWith('/v1/api/forex/kline')) return ok([]);
  if (url.startsWith('/api/basicSet/getBasicInfo')) return ok({ trade_fee_type: 2 });
  return Response.json({ code: 404, msg: 'not found', data: null });
});

let server: WebSocketServer;
const sockets: ServerSide[] = [];

beforeAll(async () => {
  vi.stubGlobal('WebSocket', NodeWebSocket);
  vi.stubGlobal('fetch', fetchMock);
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as { port: number }).port;
  server.on('connection', (socket) => void sockets.push(socket));
  socketClient.start();
  await vi.waitFor(() => expect(socketClient.getStatus().state).toBe('open'));
});
afterEach(cleanup);
afterAll(async () => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
  vi.unstubAllGlobals();
  for (const socket of server.clients) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
});

function LiveQuotes() {
  useLiveQuotes();
  return null;
}

function renderTradePage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/trade']}>
        <LiveQuotes />
        <TradeRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

/** The status tag beside the instrument's code. */
const status = () => document.querySelector('.trade-header .adm-tag')?.textContent;

const push = (quote: DayMarketQuote) =>
  act(() => sockets.at(-1)?.send(JSON.stringify({ topic: TOPICS.dayMarket, data: [quote] })));

describe('a market closing while the trade page is open', () => {
  it('flips the page to Closed and disables Buy with the reopen time, in local time', async () => {
    const client = renderTradePage();
    const submit = await screen.findByTestId('order-submit', {}, { timeout: 3_000 });
    expect(submit.textContent).toBe('Buy 227.55');
    expect(submit.hasAttribute('disabled')).toBe(false);
    expect(status()).toBe('Open');
    const loadedAt = client.getQueryState(tradeListQuery.queryKey)?.dataUpdatedAt;

    await push(closingQuote);

    await vi.waitFor(() =>
      expect(screen.getByTestId('order-submit').textContent).toBe('Closed · opens Tue 23:30 GMT+9'),
    );
    expect(screen.getByTestId('order-submit').hasAttribute('disabled')).toBe(true);
    expect(status()).toBe('Closed');
    // A frame is not a load: entering / or /trade still reloads the list (app-shell.tsx).
    expect(client.getQueryState(tradeListQuery.queryKey)?.dataUpdatedAt).toBe(loadedAt);

    await push({ ...closingQuote, seq: 6, MarketStatus: 1, NextOpen: null });
    await vi.waitFor(() =>
      expect(screen.getByTestId('order-submit').textContent).toBe('Buy 227.55'),
    );
    expect(screen.getByTestId('order-submit').hasAttribute('disabled')).toBe(false);
    expect(status()).toBe('Open');
  });
});
