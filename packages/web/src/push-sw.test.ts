import { describe, expect, it, vi } from 'vitest';
import pushWorker from '../public/push-sw.js?raw';

type Listener = (event: Record<string, unknown>) => void;

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

/** Runs public/push-sw.js against a fake worker scope, as the browser would run it. */
function startWorker(clients: FakeClient[] = []) {
  const listeners = new Map<string, Listener>();
  const scope = {
    location: new URL('https://desk.example.com/sw.js'),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', pushWorker)(scope);
  /** Dispatches an event and waits for what it handed to waitUntil. */
  async function dispatch(type: string, fields: Record<string, unknown>) {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...fields, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  }
  return { scope, dispatch };
}

const dataOf = (text: string) => ({
  json: () => JSON.parse(text),
});

describe('public/push-sw.js', () => {
  it('shows a pushed message with its tag, the app icon and the route to open', async () => {
    const { scope, dispatch } = startWorker();
    const message = {
      title: 'EURUSD',
      body: 'Bid above 1.08600',
      url: '/mine/alerts',
      tag: 'alert:3',
      kind: 'price',
    };
    await dispatch('push', { data: dataOf(JSON.stringify(message)) });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('EURUSD', {
      body: 'Bid above 1.08600',
      tag: 'alert:3',
      data: { url: '/mine/alerts' },
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
    });
  });

  it('shows nothing for a payload that is not a message of ours', async () => {
    const { scope, dispatch } = startWorker();
    await dispatch('push', { data: dataOf('not json') });
    await dispatch('push', { data: dataOf('{"body":"no title"}') });
    await dispatch('push', { data: null });
    expect(scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it("keeps another site's address out of a notification's route", async () => {
    const { scope, dispatch } = startWorker();
    await dispatch('push', {
      data: dataOf(JSON.stringify({ title: 'x', body: '', url: '//evil.example', tag: 't' })),
    });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'x',
      expect.objectContaining({ data: { url: '/' } }),
    );
  });

  it('on a tap, focuses the open app and takes it to the route', async () => {
    const other: FakeClient = { url: 'https://other.example/', focus: vi.fn(), navigate: vi.fn() };
    const app: FakeClient = {
      url: 'https://desk.example.com/#/trade',
      focus: vi.fn(async () => undefined),
      navigate: vi.fn(async () => undefined),
    };
    const { scope, dispatch } = startWorker([other, app]);
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { close, data: { url: '/mine/alerts' } } });
    expect(close).toHaveBeenCalled();
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith('/#/mine/alerts');
    expect(other.focus).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a tap with the app closed, opens it at the route', async () => {
    const { scope, dispatch } = startWorker();
    await dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: '/order' } },
    });
    expect(scope.clients.openWindow).toHaveBeenCalledWith('/#/order');
  });
});
