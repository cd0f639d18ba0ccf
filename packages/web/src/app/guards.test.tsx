import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/locales/en.json';
// As main.tsx does: the toast of a refused call renders with React 19.
import '../lib/antd-react19.ts';
import { PATHS } from '../lib/route-paths.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { TRADER } from '../testing/trader.ts';
import { routes } from './router.tsx';

/** The element the app's router gives a path (its guards included), not a copy of it. */
function routeElement(path: string) {
  const route = routes[0]?.children?.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route.element;
}

function renderAt(path: string, elsewhere?: { path: string; text: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route path={path.split('?')[0]} element={routeElement(path.split('?')[0] ?? path)} />
            {elsewhere ? <Route path={elsewhere.path} element={<p>{elsewhere.text}</p>} /> : null}
            <Route path={PATHS.home} element={<p>markets</p>} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  // The pages ask for their settings; none are needed to tell which page is shown.
  vi.stubGlobal('fetch', async () => Response.json({ code: 404, msg: 'none', data: null }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('visitor routes', () => {
  it.each([PATHS.login, PATHS.register])('%s sends a logged-in real account home', async (path) => {
    useSessionStore.getState().signIn('session-token', TRADER);
    renderAt(path);
    expect(await screen.findByText('markets')).toBeDefined();
  });

  it('sends a logged-in real account on to from, as logging in would', async () => {
    useSessionStore.getState().signIn('session-token', TRADER);
    renderAt(`${PATHS.login}?from=${PATHS.chat}`, { path: PATHS.chat, text: 'service chat' });
    expect(await screen.findByText('service chat')).toBeDefined();
  });

  it.each([
    [PATHS.login, en['login.welcome']],
    [PATHS.register, en['register.title']],
  ])(
    '%s stays open to a demo user, who may log in or register a real account',
    async (path, title) => {
      useSessionStore.getState().signIn('demo-token', { ...TRADER, is_demo: 1 });
      renderAt(path);
      expect(await screen.findByRole('heading', { name: title })).toBeDefined();
      expect(screen.queryByText('markets')).toBeNull();
    },
  );

  it.each([
    [PATHS.login, en['login.welcome']],
    [PATHS.register, en['register.title']],
  ])('%s is shown to a visitor', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: title })).toBeDefined();
    expect(screen.queryByText('markets')).toBeNull();
  });

  it('leaves logging in on /login to the page, which goes on to from', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/user/loginForU')
        ? Response.json({ code: 1, msg: 'ok', data: { token: 'session-token', user: TRADER } })
        : Response.json({ code: 404, msg: 'none', data: null }),
    );
    renderAt(`${PATHS.login}?from=${PATHS.chat}`, { path: PATHS.chat, text: 'service chat' });
    fireEvent.change(await screen.findByPlaceholderText(en['login.account_placeholder']), {
      target: { value: 'trader@example.com' },
    });
    fireEvent.change(screen.getByPlaceholderText(en['login.password_placeholder']), {
      target: { value: 'secret-pass' },
    });
    fireEvent.click(screen.getByRole('button', { name: en['login.submit'] }));
    expect(await screen.findByText('service chat')).toBeDefined();
    expect(screen.queryByText('markets')).toBeNull();
  });
});
