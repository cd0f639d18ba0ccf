import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_NOTICE_CHOICES, type NotificationSettings } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import '../../../lib/antd-react19.ts';
import { loadToast } from '../../../lib/toast.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { TRADER } from '../../../testing/trader.ts';
import { NotificationsPage } from './notifications-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

/** A P-256 key as the server gives it: 65 bytes, base64url. */
const PUBLIC_KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const DEVICE = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

let settings: NotificationSettings;
/** What the page posted: path and body (a form's fields, or the JSON it sent). */
const posted: { path: string; body: Record<string, unknown> }[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://x');
  const ok = (data: unknown, msg = 'ok') => Response.json({ code: 1, msg, data });
  if (init?.method === 'POST') {
    const json = new Headers(init.headers).get('content-type') === 'application/json';
    const text = String(init.body ?? '');
    posted.push({
      path: url.pathname,
      body: json ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text)),
    });
  }
  switch (url.pathname) {
    case '/api/notifications/settings':
      return ok(settings);
    case '/api/push/key':
      return ok({ public_key: PUBLIC_KEY });
    case '/api/push/subscribe':
      settings = { ...settings, push_devices: 1 };
      return ok(settings);
    case '/api/push/unsubscribe':
      settings = { ...settings, push_devices: 0 };
      return ok(settings);
    case '/api/notifications/save':
      settings = { ...settings, ...posted.at(-1)?.body };
      return ok(settings, 'Your notification settings are saved');
    case '/api/notifications/test':
      return ok({ push_devices: 0 }, 'No device of yours receives push yet');
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

/** A browser with push: a permission, a service worker and its push manager. */
function stubPushBrowser(permission: NotificationPermission, subscribed = false) {
  const subscription = {
    ...DEVICE,
    toJSON: () => DEVICE,
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (subscribed ? subscription : null)),
    subscribe: vi.fn(async () => subscription),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { pushManager, subscription, requestPermission };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/mine/notifications']}>
        <NotificationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const toasts = () =>
  vi.mocked(Toast.show).mock.calls.map(([p]) => (typeof p === 'string' ? p : String(p.content)));
const pushState = async () => (await screen.findByTestId('push-state')).textContent;

beforeAll(async () => {
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  settings = {
    kinds: DEFAULT_NOTICE_CHOICES,
    quiet_from: null,
    quiet_to: null,
    time_zone: 'UTC',
    push_devices: 0,
  };
  posted.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'session-token', user: TRADER });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  useSessionStore.setState({ token: null, user: null });
});

describe('NotificationsPage: push on this device', () => {
  it('says a browser without push cannot have it, and offers no button', async () => {
    renderPage();
    expect(await pushState()).toBe(en['notifications.state_unsupported']);
    expect(screen.queryByTestId('push-toggle')).toBeNull();
    expect(screen.getByText(en['notifications.ios_note'])).toBeTruthy();
  });

  it('says the browser blocked it', async () => {
    stubPushBrowser('denied');
    renderPage();
    expect(await pushState()).toBe(en['notifications.state_blocked']);
    expect(screen.queryByTestId('push-toggle')).toBeNull();
  });

  it("turns it on: asks, subscribes to the server's key and hands the subscription over", async () => {
    const browser = stubPushBrowser('default');
    renderPage();
    expect(await pushState()).toBe(en['notifications.state_off']);
    fireEvent.click(screen.getByTestId('push-toggle'));
    await vi.waitFor(async () => expect(await pushState()).toBe(en['notifications.state_on']));
    expect(browser.requestPermission).toHaveBeenCalled();
    const options = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options[0].userVisibleOnly).toBe(true);
    expect(options[0].applicationServerKey.length).toBe(65);
    expect(posted).toEqual([{ path: '/api/push/subscribe', body: DEVICE }]);
    await vi.waitFor(() =>
      expect(screen.getByTestId('push-devices').textContent).toBe('Devices receiving push: 1'),
    );
  });

  it('turns it off: the browser drops the subscription and the server forgets it', async () => {
    const browser = stubPushBrowser('granted', true);
    settings = { ...settings, push_devices: 1 };
    renderPage();
    await vi.waitFor(async () => expect(await pushState()).toBe(en['notifications.state_on']));
    fireEvent.click(screen.getByTestId('push-toggle'));
    await vi.waitFor(async () => expect(await pushState()).toBe(en['notifications.state_off']));
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    // Opened, the page hands the browser's subscription to the server again (it follows
    // whoever is logged in now); then the trader turns it off.
    expect(posted.map((p) => p.path)).toEqual(['/api/push/subscribe', '/api/push/unsubscribe']);
    expect(posted[1]).toEqual({
      path: '/api/push/unsubscribe',
      body: { endpoint: DEVICE.endpoint },
    });
  });

  it("sends a test and tells the server's answer", async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('push-test'));
    await vi.waitFor(() => expect(toasts()).toContain('No device of yours receives push yet'));
    expect(posted.map((p) => p.path)).toEqual(['/api/notifications/test']);
  });
});

describe('NotificationsPage: what, where and when', () => {
  it('shows the six kinds with a switch per channel, as stored', async () => {
    renderPage();
    await screen.findByTestId('notice-kinds');
    expect(screen.getAllByRole('switch', { name: /: In app$/ })).toHaveLength(6);
    expect(screen.getAllByRole('switch', { name: /: E-mail$/ })).toHaveLength(6);
    const priceByEmail = screen.getByRole('switch', { name: 'Price alerts: E-mail' });
    expect(priceByEmail.getAttribute('aria-checked')).toBe('false');
    const marginByEmail = screen.getByRole('switch', { name: 'Margin calls: E-mail' });
    expect(marginByEmail.getAttribute('aria-checked')).toBe('true');
  });

  it('saves the choices and quiet hours as JSON, in the phone’s time zone', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Price alerts: In app' }));
    fireEvent.click(screen.getByRole('switch', { name: en['notifications.quiet_title'] }));
    fireEvent.change(screen.getByTestId('quiet-from'), { target: { value: '23:30' } });
    fireEvent.click(screen.getByTestId('notif-save'));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      path: '/api/notifications/save',
      body: {
        kinds: { ...DEFAULT_NOTICE_CHOICES, price: { app: false, push: true, email: false } },
        quiet_from: '23:30',
        quiet_to: '07:00',
        time_zone: zone,
      },
    });
    expect(screen.getByTestId('quiet-zone').textContent).toContain(zone);
    await vi.waitFor(() => expect(toasts()).toContain('Your notification settings are saved'));
  });

  it('sends no quiet hours when they are off', async () => {
    settings = { ...settings, quiet_from: '22:00', quiet_to: '06:00' };
    renderPage();
    const quiet = await screen.findByRole('switch', { name: en['notifications.quiet_title'] });
    expect((screen.getByTestId('quiet-to') as HTMLInputElement).value).toBe('06:00');
    fireEvent.click(quiet);
    fireEvent.click(screen.getByTestId('notif-save'));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toMatchObject({ quiet_from: null, quiet_to: null });
  });
});
