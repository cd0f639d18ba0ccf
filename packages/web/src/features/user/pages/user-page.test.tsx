import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { User } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { useSessionStore } from '../../../stores/session-store.ts';
import { UserPage } from './user-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

const TRADER: User = {
  id: 7,
  uid: '55926381',
  email: 'trader@example.com',
  mobile: null,
  area_id: null,
  is_demo: 0,
  credit_score: 100,
  invite_code: 'Y9GAVF',
};

let user: User;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url.startsWith('/api/user/info')) return Response.json({ code: 1, msg: 'ok', data: user });
  if (url.startsWith('/v1/api/main/wallet/getBalance')) {
    return Response.json({ code: 1, msg: 'ok', data: { balance: 100, lock_balance: 0 } });
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/user']}>
        <Routes>
          <Route path="/user" element={<UserPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const toastContents = () =>
  vi
    .mocked(Toast.show)
    .mock.calls.map(([props]) => (typeof props === 'string' ? props : String(props.content ?? '')));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
});

describe('UserPage funding entries', () => {
  it.each([
    ['menu-charge', '/mine/charge'],
    ['menu-withdraw', '/mine/withdraw'],
    ['menu-wallet', '/mine/wallet'],
  ])('%s leads a real account to %s', async (testId, path) => {
    user = TRADER;
    useSessionStore.setState({ token: 'session-token', user });
    renderPage();
    fireEvent.click(await screen.findByTestId(testId));
    expect((await screen.findByTestId('where')).textContent).toBe(path);
    expect(toastContents()).toEqual([]);
  });

  it.each(['menu-charge', 'menu-withdraw', 'menu-wallet'])(
    '%s tells a demo account to use a real one, and stays',
    async (testId) => {
      user = { ...TRADER, is_demo: 1 };
      useSessionStore.setState({ token: 'session-token', user });
      renderPage();
      fireEvent.click(await screen.findByTestId(testId));
      expect(toastContents()).toEqual(['Please register or log in to a real account']);
      expect(screen.queryByTestId('where')).toBeNull();
      expect(screen.getByTestId(testId)).toBeDefined();
    },
  );
});
