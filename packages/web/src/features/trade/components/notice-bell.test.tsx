import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  type Alert,
  type AlertPush,
  DEFAULT_NOTICE_CHOICES,
  type ForexClosedPush,
  type MyDeal,
  type Order,
  type User,
} from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { loadToast } from '../../../lib/toast.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useLiveOrders } from '../hooks/use-live-orders.ts';
import { NoticesPage } from '../pages/notices-page.tsx';
import { useLiveAlertNotices } from '../stores/alert-notices-store.ts';
import { useLiveNotices, useNoticesSeen } from '../stores/close-notices-store.ts';
import { NoticeBell } from './notice-bell.tsx';

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

/** A stop-out of the night, while the app was shut: in history only. */
const OVERNIGHT: Order = {
  Id: 31,
  ForexId: 3,
  ForexTradeLists: { ShowCode: 'XAUUSD', Code: 'XAUUSD', PricePrecision: 2 },
  OrderType: 2,
  Status: 3,
  Quantity: 1,
  Multiple: 100,
  OriginPrice: 2600,
  Price: 2600,
  UpdatePrice: 2650.5,
  FactProfits: -5_050,
  CautionMoney: 2600,
  TradeFee: 2.6,
  TargetLossPrice: 0,
  TargetProfitPrice: 0,
  ClosePrice: 2650.5,
  CloseReason: 'stop-out',
  CreateTimeHandler: '2026-11-02 20:00:00',
  CloseTimeHandler: '2026-11-03 02:14:09',
  TrailingDistance: 0,
  TrailingActivation: 0,
  StopMovedTimeHandler: null,
  ExpireTimeHandler: null,
  PartOf: null,
};

/** A price alert, armed (never fired) unless a test says otherwise. */
const ALERT: Alert = {
  id: 12,
  forex_id: 1,
  code: 'EURUSD',
  price_precision: 5,
  side: 'bid',
  condition: 'above',
  price: 1.086,
  repeat: 1,
  note: 'breakout',
  status: 'armed',
  fired_count: 0,
  last_fired_at: null,
  expire_at: null,
  created_at: 1,
};
/** What GET /api/alerts answers. */
let alertList: Alert[] = [];

/** What my_deal was asked, and its answer: the automatic closes of history. */
const asked: string[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = new URL(String(input), 'http://x');
  asked.push(`${url.pathname}${url.search}`);
  if (url.pathname.endsWith('/api/alerts'))
    return Response.json({ code: 1, msg: 'ok', data: { data: alertList, max: 100 } });
  if (url.pathname === '/v1/api/forex/my_deal') {
    const auto = url.searchParams.get('auto_closed') === '1';
    const data: MyDeal = {
      data: auto ? [OVERNIGHT] : [],
      total: auto ? 1 : 0,
      all_fact_profits: 0,
      balance: 0,
    };
    return Response.json({ code: 1, msg: 'ok', data });
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

const TAKE_PROFIT: ForexClosedPush = {
  Id: 40,
  CloseReason: 'take-profit',
  FactProfits: 92,
  Code: 'EURUSD',
  PricePrecision: 5,
  OrderType: 1,
  Quantity: 0.1,
  ClosePrice: 1.085,
  CloseTime: Date.UTC(2026, 10, 3, 15, 0, 12),
};

/** The app's part: live orders for the logged-in user, the bell on /order, the list. */
function LiveOrders() {
  useLiveOrders(true);
  return null;
}

function renderApp(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[PATHS.order]}>
        <LiveOrders />
        <Routes>
          <Route path={PATHS.order} element={<NoticeBell />} />
          <Route path={PATHS.notices} element={<NoticesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const unread = () => screen.queryByTestId('notice-unread')?.textContent ?? null;
const toasts = () =>
  vi.mocked(Toast.show).mock.calls.map(([props]) => {
    const content = (props as { content: ReactElement }).content;
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
  localStorage.clear();
  useNoticesSeen.setState({ seen: {} });
  useSessionStore.setState({ token: 'session', user: { id: 5 } as User });
  alertList = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
  asked.length = 0;
  useLiveNotices.getState().clear();
  useLiveAlertNotices.getState().clear();
});

describe('notices of positions the market closed', () => {
  it('counts a stop-out of the night from history, unread until the list is opened', async () => {
    renderApp();
    await vi.waitFor(() => expect(unread()).toBe('1'));
    expect(asked.filter((url) => url.includes('auto_closed=1'))).not.toEqual([]);

    fireEvent.click(screen.getByTestId('notice-bell'));
    const rows = await screen.findAllByTestId('close-notice');
    expect(rows.map((row) => row.textContent)).toEqual([
      `Stop out-5,050.00 USDXAUUSD Sell 1.00 lotsClosed at 2650.50${formatLocalDateTime('2026-11-03 02:14:09')}`,
    ]);
    // Opened: read, for this user, kept on the device.
    expect(useNoticesSeen.getState().seen[5]).toBe(Date.UTC(2026, 10, 3, 2, 14, 9));
    expect(localStorage.getItem('tradedesk.notices-seen')).toContain('"5":');
  });

  it('toasts a take profit live, and the bell counts it at once; a manual close says nothing', async () => {
    useNoticesSeen.getState().markSeen(5, Date.UTC(2026, 10, 3, 2, 14, 9));
    renderApp();
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(unread()).toBeNull();

    act(() => handlers.get('FOREX_CLOSED')?.({ ...TAKE_PROFIT, Id: 39, CloseReason: 'manual' }));
    act(() =>
      handlers.get('FOREX_CLOSED')?.({ ...TAKE_PROFIT, Id: 38, CloseReason: 'demo-reset' }),
    );
    expect(Toast.show).not.toHaveBeenCalled();

    act(() => handlers.get('FOREX_CLOSED')?.(TAKE_PROFIT));
    expect(toasts()).toEqual(['Take profit closed EURUSD Buy 0.10 at 1.08500 · +92.00 USD']);
    expect(unread()).toBe('1');

    fireEvent.click(screen.getByTestId('notice-bell'));
    await vi.waitFor(() => expect(screen.getAllByTestId('close-notice')).toHaveLength(2));
    const rows = screen.getAllByTestId('close-notice');
    expect(
      rows.map((row) => row.querySelector('[data-testid=close-notice-pnl]')?.textContent),
    ).toEqual(['+92.00 USD', '-5,050.00 USD']);
    expect(rows[0]?.textContent).toContain('EURUSD Buy 0.10 lots');
  });

  it('toasts an expired pending order, lists it without a P&L, and reloads the pending list', async () => {
    useNoticesSeen.getState().markSeen(5, Date.UTC(2026, 10, 3, 2, 14, 9));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const pendingKey = ['my-deal', 0];
    client.setQueryData(pendingKey, { pages: [], pageParams: [] });
    renderApp(client);
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(0));
    act(() =>
      handlers.get('FOREX_CLOSED')?.({
        ...TAKE_PROFIT,
        Id: 41,
        CloseReason: 'expired',
        FactProfits: 0,
        ClosePrice: 0,
      }),
    );
    expect(toasts()).toEqual(['Pending order expired: EURUSD Buy 0.10']);
    expect(unread()).toBe('1');
    // The order left the pending list: it reloads when next shown.
    expect(client.getQueryState(pendingKey)?.isInvalidated).toBe(true);
    fireEvent.click(screen.getByTestId('notice-bell'));
    await vi.waitFor(() => expect(screen.getAllByTestId('close-notice')).toHaveLength(2));
    const expired = screen.getAllByTestId('close-notice')[0]!;
    expect(expired.textContent).toContain('Expired');
    expect(expired.querySelector('[data-testid=close-notice-pnl]')).toBeNull();
    expect(expired.querySelector('[data-testid=close-notice-price]')).toBeNull();
  });
});

describe('price alerts that fired (issue 41)', () => {
  /** The list's rows, top to bottom, by kind. */
  const rowKinds = () =>
    [...screen.getByTestId('close-notices').children].map((row) => row.getAttribute('data-testid'));

  it('lists one fired while the app was shut among the closes, newest first, unread until opened', async () => {
    const firedAt = Date.UTC(2026, 10, 3, 9, 30, 0);
    alertList = [
      { ...ALERT, status: 'cooling', fired_count: 1, last_fired_at: firedAt },
      // Armed and never fired: not news.
      { ...ALERT, id: 13, code: 'GBPUSD' },
    ];
    renderApp();
    await vi.waitFor(() => expect(unread()).toBe('2'));

    fireEvent.click(screen.getByTestId('notice-bell'));
    await screen.findByTestId('alert-notice');
    expect(rowKinds()).toEqual(['alert-notice', 'close-notice']);
    // The price that crossed is a push's: the list of alerts does not say it.
    expect(screen.getByTestId('alert-notice').textContent).toBe(
      `Price alert firedEURUSD Bid Above 1.08600breakout${formatLocalDateTime(firedAt)}`,
    );
    expect(useNoticesSeen.getState().seen[5]).toBe(firedAt);
  });

  it('counts a firing pushed now at once, and lists it once with the price that crossed', async () => {
    const earlier = Date.UTC(2026, 10, 3, 9, 30, 0);
    const now = Date.UTC(2026, 10, 3, 15, 0, 0);
    alertList = [{ ...ALERT, status: 'cooling', fired_count: 1, last_fired_at: earlier }];
    useNoticesSeen.getState().markSeen(5, earlier);
    renderApp();
    await vi.waitFor(() => expect(asked.some((url) => url.includes('/api/alerts'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // The first firing and the night's stop-out were seen.
    expect(unread()).toBeNull();

    // The second firing: the list of alerts, reloaded, says it too.
    const fired = { ...ALERT, status: 'cooling' as const, fired_count: 2, last_fired_at: now };
    alertList = [fired];
    const push: AlertPush = { key: 'alert:12:2', alert: fired, price: 1.0862 };
    act(() => handlers.get('ALERT')?.(push));
    expect(unread()).toBe('1');

    fireEvent.click(screen.getByTestId('notice-bell'));
    await screen.findAllByTestId('alert-notice');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const rows = screen.getAllByTestId('alert-notice');
    expect(rows.map((row) => row.getAttribute('data-key'))).toEqual(['alert:12:2']);
    expect(rows[0]?.textContent).toContain('EURUSD Bid Above 1.08600 — at 1.08620');
    expect(rowKinds()).toEqual(['alert-notice', 'close-notice']);
    expect(useNoticesSeen.getState().seen[5]).toBe(now);
  });
});

describe('a margin call pushed (issue 40)', () => {
  it('is told once by a toast with the stop-out price, and written into the figures', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['forex-detail'], { prepayment_ratio: 96.8, margin_call_level: 100 });
    render(
      <QueryClientProvider client={client}>
        <LiveOrders />
      </QueryClientProvider>,
    );
    const stopOutAt = { Id: 1, Code: 'EURUSD', PricePrecision: 5, Price: 1.07094 };
    act(() =>
      handlers.get('MARGIN_CALL')?.({ level: 96.8, margin_call_level: 90, stop_out_at: stopOutAt }),
    );
    expect(toasts()).toEqual([
      'Margin callMargin level 96.80% is below the margin call level of 90.00%.Stop-out if EURUSD reaches 1.07094',
    ]);
    expect(client.getQueryData(['forex-detail'])).toMatchObject({
      margin_call_level: 90,
      stop_out_at: stopOutAt,
    });
  });

  it('spares the toast when the trader turned margin calls off "In app"; the figures still say it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['forex-detail'], { prepayment_ratio: 96.8, margin_call_level: 100 });
    client.setQueryData(['notification-settings'], {
      kinds: { ...DEFAULT_NOTICE_CHOICES, margin: { app: false, push: true, email: true } },
      quiet_from: null,
      quiet_to: null,
      time_zone: 'UTC',
      push_devices: 1,
    });
    render(
      <QueryClientProvider client={client}>
        <LiveOrders />
      </QueryClientProvider>,
    );
    const stopOutAt = { Id: 1, Code: 'EURUSD', PricePrecision: 5, Price: 1.07094 };
    act(() =>
      handlers.get('MARGIN_CALL')?.({
        level: 96.8,
        margin_call_level: 100,
        stage: 1,
        second_level: 75,
        deposit: 120,
        stop_out_at: stopOutAt,
      }),
    );
    expect(toasts()).toEqual([]);
    expect(client.getQueryData(['forex-detail'])).toMatchObject({ stop_out_at: stopOutAt });
  });
});
