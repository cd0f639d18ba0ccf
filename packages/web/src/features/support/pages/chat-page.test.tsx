import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ChatMessage, ChatPush, User } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { useSessionStore } from '../../../stores/session-store.ts';
import { ChatPage } from './chat-page.tsx';

/** The socket's CHAT handlers, so that a test can push as the server would. */
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

const message = (id: number, sender: ChatMessage['sender'], content: string): ChatMessage => ({
  id,
  sender,
  content,
  created_at: Date.now(),
});

/** The server's side, set per test. */
let serviceLink: string;
let thread: ChatMessage[];
const posts: { url: string; body: Record<string, string> }[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  const ok = (data: unknown) => Response.json({ code: 1, msg: 'ok', data });
  if (url.startsWith('/api/basicSet/getBasicInfo'))
    return ok({ service_link: serviceLink, service_link_type: 1, complaint_email: '' });
  if (url.startsWith('/api/support/messages'))
    return ok({ data: thread, has_more: false, unread: 1 });
  if (url.startsWith('/api/support/unread')) return ok({ unread: 1 });
  const body = Object.fromEntries(new URLSearchParams(String(init?.body)));
  posts.push({ url, body });
  if (url === '/api/support/send') return ok(message(100, 'trader', body.content ?? ''));
  if (url === '/api/support/read') return ok({ unread: 0 });
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/mine/chat']}>
        <ChatPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const deviceZone = process.env.TZ;
beforeAll(async () => {
  // The trader's phone in Hong Kong, pinned before anything reads the zone (it is read once).
  process.env.TZ = 'Asia/Hong_Kong';
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  serviceLink = '';
  thread = [message(1, 'trader', 'Where is my deposit?'), message(2, 'operator', 'Checking.')];
  posts.length = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({
    token: 'session-token',
    user: { id: 7, uid: '7', is_demo: 0 } as User,
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => {
  process.env.TZ = deviceZone;
});

describe('ChatPage', () => {
  it('shows the built-in chat, marks support’s newest message read, and takes live pushes', async () => {
    renderPage();
    expect(await screen.findByText('Checking.')).toBeTruthy();
    expect(screen.getByText('Where is my deposit?')).toBeTruthy();
    await waitFor(() =>
      expect(posts).toContainEqual({ url: '/api/support/read', body: { last_id: '2' } }),
    );

    const push: ChatPush = {
      message: message(3, 'operator', 'Found it: <b>credited</b>'),
      unread: 1,
    };
    act(() => handlers.get('CHAT')?.(push));
    // Text, never markup.
    expect(await screen.findByText('Found it: <b>credited</b>')).toBeTruthy();
    await waitFor(() =>
      expect(posts).toContainEqual({ url: '/api/support/read', body: { last_id: '3' } }),
    );
    // A push of a message already shown does not show it twice.
    act(() => handlers.get('CHAT')?.(push));
    expect(screen.getAllByText('Found it: <b>credited</b>')).toHaveLength(1);
  });

  it('names the trader’s time zone once above the bubbles, which show the clock only', async () => {
    renderPage();
    expect(await screen.findByText('Checking.')).toBeTruthy();
    expect(screen.getByTestId('chat-time-zone').textContent).toBe(
      'Times in your time zone (GMT+8)',
    );
  });

  it('sends what is typed and clears the box', async () => {
    renderPage();
    await screen.findByText('Checking.');
    const box = screen.getByPlaceholderText('Type a message');
    fireEvent.change(box, { target: { value: 'Thank you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you')).toBeTruthy();
    expect(posts).toContainEqual({ url: '/api/support/send', body: { content: 'Thank you' } });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('embeds an external http(s) service link, and only shows any other link', async () => {
    serviceLink = 'https://help.example.com/chat?room=1';
    const { container, unmount } = renderPage();
    await waitFor(() =>
      expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
        'https://help.example.com/chat?room=1',
      ),
    );
    unmount();
    serviceLink = 'support@example.com';
    const second = renderPage();
    expect(await screen.findByTestId('service-link-text')).toBeTruthy();
    expect(second.container.querySelector('iframe')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/support'))).toBe(
      false,
    );
  });
});
