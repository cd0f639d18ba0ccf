import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  type Alert,
  type AlertPush,
  DEFAULT_NOTICE_CHOICES,
  type NotificationSettings,
  type User,
} from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { loadToast } from '../../../lib/toast.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useLiveOrders } from '../hooks/use-live-orders.ts';
import { AlertAction } from './alert-sheet.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

/** The socket's handlers, so that a test can push as the server would. */
const handlers = vi.hoisted(() => new Map<string, (data: unknown) => void>());
vi.mock('../../../lib/ws-client.ts', () => ({
  socketClient: {
    subscribe: (topic: string, handler: (data: unknown) => void) => {
      handlers.set(topic, handler);
      return () => handlers.delete(topic);
    },
    onReconnect: () => () => {},
  },
}));

const ALERT: Alert = {
  id: 12,
  forex_id: 1,
  code: 'EURUSD',
  price_precision: 5,
  side: 'bid',
  condition: 'above',
  price: 1.086,
  repeat: 0,
  note: 'breakout',
  status: 'armed',
  fired_count: 0,
  last_fired_at: null,
  expire_at: null,
  created_at: 1,
};
const OTHER: Alert = { ...ALERT, id: 13, forex_id: 2, code: 'GBPUSD' };

let alerts: Alert[] = [];
/** What the server answers a create: the alert, or a refusal. */
let createAnswer: { code: number; msg: string; data: unknown } = { code: 1, msg: 'ok', data: null };
const posted: { path: string; body: unknown }[] = [];
/** The trader's notification choices (issue 41): what "In app" says about price alerts. */
let noticeSettings: NotificationSettings;
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://x');
  if (url.pathname.endsWith('/api/alerts'))
    return Response.json({ code: 1, msg: 'ok', data: { data: alerts, max: 100 } });
  if (url.pathname.endsWith('/api/notifications/settings'))
    return Response.json({ code: 1, msg: 'ok', data: noticeSettings });
  // Posted as a form, as the api client sends it.
  const body = Object.fromEntries(new URLSearchParams(String(init?.body ?? '')));
  posted.push({ path: url.pathname, body });
  if (url.pathname.endsWith('/api/alerts/create')) return Response.json(createAnswer);
  if (url.pathname.endsWith('/api/alerts/delete')) {
    alerts = alerts.filter((a) => String(a.id) !== body.id);
    return Response.json({ code: 1, msg: 'ok', data: ALERT });
  }
  return Response.json({ code: 1, msg: 'ok', data: null });
});

const EURUSD = { Id: 1, ShowCode: 'EURUSD', PricePrecision: 5, Bid: 1.0852, Ask: 1.0854 };

function LiveOrders() {
  useLiveOrders(true);
  return null;
}

function renderSheet() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LiveOrders />
        <AlertAction instrument={EURUSD} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const toasts = () =>
  vi.mocked(Toast.show).mock.calls.map(([props]) => {
    const content = (props as { content: ReactElement | string }).content;
    if (typeof content === 'string') return content;
    const { container, unmount } = render(content);
    const text = container.textContent;
    unmount();
    return text;
  });

beforeAll(async () => {
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'session', user: { id: 5 } as User });
  alerts = [ALERT, OTHER];
  createAnswer = { code: 1, msg: 'ok', data: ALERT };
  noticeSettings = {
    kinds: DEFAULT_NOTICE_CHOICES,
    quiet_from: null,
    quiet_to: null,
    time_zone: 'UTC',
    push_devices: 0,
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
  posted.length = 0;
});

describe('price alerts on the trade page', () => {
  it("opens on the bid now and lists the instrument's alerts only", async () => {
    renderSheet();
    fireEvent.click(screen.getByTestId('alert-action'));
    const sheet = await screen.findByTestId('alert-sheet');
    expect(within(sheet).getByDisplayValue('1.08520')).toBeTruthy();
    const rows = await within(sheet).findAllByTestId('alert-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'EURUSD Bid Above 1.08600breakoutArmedFired 0×Delete',
    ]);
  });

  it('sends the alert as set, and the price steps by a point', async () => {
    renderSheet();
    fireEvent.click(screen.getByTestId('alert-action'));
    await screen.findByTestId('alert-sheet');
    fireEvent.click(screen.getByText('Below'));
    fireEvent.click(screen.getByText('Ask'));
    fireEvent.click(screen.getByTestId('alert-price-down'));
    fireEvent.click(screen.getByTestId('alert-save'));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      path: expect.stringContaining('/api/alerts/create'),
      body: {
        forex_id: '1',
        side: 'ask',
        condition: 'below',
        price: '1.08519',
        repeat: '0',
        expire_at: 'gtc',
      },
    });
  });

  it('opens at a level tapped on the chart, below the bid, and the bell opens on the bid again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const sheetWith = (preset?: { forexId: number; price: number }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AlertAction instrument={EURUSD} preset={preset} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { rerender } = render(sheetWith());
    expect(screen.queryByTestId('alert-sheet')).toBeNull();
    // Another instrument's tap is not this bell's.
    rerender(sheetWith({ forexId: 2, price: 1.27 }));
    expect(screen.queryByTestId('alert-sheet')).toBeNull();
    rerender(sheetWith({ forexId: 1, price: 1.084318 }));
    const sheet = await screen.findByTestId('alert-sheet');
    expect(within(sheet).getByDisplayValue('1.08432')).toBeTruthy();
    fireEvent.click(screen.getByTestId('alert-save'));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      body: { side: 'bid', condition: 'below', price: '1.08432' },
    });
  });

  it('opens above the bid at a level tapped over it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AlertAction instrument={EURUSD} preset={{ forexId: 1, price: 1.0901 }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByTestId('alert-sheet');
    expect(screen.getByDisplayValue('1.09010')).toBeTruthy();
    fireEvent.click(screen.getByTestId('alert-save'));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ body: { condition: 'above', price: '1.09010' } });
  });

  it("shows the server's refusal", async () => {
    createAnswer = { code: 2028, msg: 'The price is already past this level', data: null };
    renderSheet();
    fireEvent.click(screen.getByTestId('alert-action'));
    await screen.findByTestId('alert-sheet');
    fireEvent.click(screen.getByTestId('alert-save'));
    await vi.waitFor(() => expect(toasts()).toContain('The price is already past this level'));
  });

  it('deletes an alert, and the list reloads without it', async () => {
    renderSheet();
    fireEvent.click(screen.getByTestId('alert-action'));
    fireEvent.click(await screen.findByTestId('alert-delete'));
    await vi.waitFor(() => expect(screen.getByTestId('alerts-empty')).toBeTruthy());
    expect(posted[0]).toMatchObject({ body: { id: '12' } });
  });

  it('toasts a fired alert once, with the price now', async () => {
    renderSheet();
    await vi.waitFor(() => expect(handlers.has('ALERT')).toBe(true));
    const push: AlertPush = {
      key: 'alert:12:1',
      alert: { ...ALERT, status: 'fired', fired_count: 1 },
      price: 1.0862,
    };
    act(() => handlers.get('ALERT')?.(push));
    act(() => handlers.get('ALERT')?.(push));
    expect(toasts()).toEqual(['EURUSD Bid Above 1.08600 — now 1.08620breakout']);
  });

  it('does not toast a fired alert when the trader turned price alerts off in the app', async () => {
    noticeSettings = {
      ...noticeSettings,
      kinds: { ...DEFAULT_NOTICE_CHOICES, price: { app: false, push: true, email: false } },
    };
    renderSheet();
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/notifications/'))).toBe(true),
    );
    await vi.waitFor(() => expect(handlers.has('ALERT')).toBe(true));
    // The choices have arrived once the fetch answered; a push a moment later follows them.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const push: AlertPush = {
      key: 'alert:12:2',
      alert: { ...ALERT, status: 'fired', fired_count: 2 },
      price: 1.0862,
    };
    act(() => handlers.get('ALERT')?.(push));
    expect(toasts()).toEqual([]);
  });
});
