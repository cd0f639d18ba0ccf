import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { BasicInfo, DrawCurrency } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../i18n/locales/ar.json';
import en from '../../../i18n/locales/en.json';
import ru from '../../../i18n/locales/ru.json';
import { CoinAddressListPage } from './method-list-page.tsx';
import { WithdrawWayPage } from './withdraw-way-page.tsx';

const USDT: DrawCurrency = {
  id: 1,
  code: 'USDT',
  protocol: 'TRC20',
  draw_rate: 2,
  fee_type: 1,
  usd_price: 1,
  min: 10,
  max: 0,
};

/** WITHDRAW_COOLING_HOURS as the server's basic info tells it, set per test. */
let coolingHours: number;

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/mine/withdraw-way" element={<WithdrawWayPage />} />
          <Route path="/mine/coin-address-list" element={<CoinAddressListPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en }, ar: { translation: ar }, ru: { translation: ru } },
  });
});
beforeEach(() => {
  coolingHours = 24;
  vi.stubGlobal('fetch', async (input: string) => {
    const url = String(input);
    const ok = (data: unknown) => Response.json({ code: 1, msg: '', data });
    if (url.startsWith('/api/basicSet/getBasicInfo'))
      return ok({ withdraw_cooling_hours: coolingHours } satisfies Partial<BasicInfo>);
    if (url.startsWith('/api/account/draw_symbol_list')) return ok([USDT]);
    if (url.startsWith('/api/wallet/get_draw_method')) return ok([]);
    return Response.json({ code: 404, msg: 'none', data: null });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('the waiting period of a new withdrawal method', () => {
  it("says how long on the address form: the server's hours", async () => {
    renderAt('/mine/withdraw-way?type=1');
    expect((await screen.findByTestId('cooling-note')).textContent).toBe(
      'New addresses can be used for withdrawals 24 hours after they are added.',
    );
  });

  it('follows the configured hours, in the words of the language', async () => {
    coolingHours = 48;
    await i18next.changeLanguage('ru');
    renderAt('/mine/withdraw-way?type=2');
    expect((await screen.findByTestId('cooling-note')).textContent).toBe(
      'Новые банковские счета можно использовать для вывода через 48 часов после добавления.',
    );
  });

  it('says one hour in the singular, and in Arabic', async () => {
    coolingHours = 1;
    renderAt('/mine/withdraw-way?type=1');
    expect((await screen.findByTestId('cooling-note')).textContent).toContain(' 1 hour after');
    cleanup();
    await i18next.changeLanguage('ar');
    coolingHours = 24;
    renderAt('/mine/withdraw-way?type=1');
    expect((await screen.findByTestId('cooling-note')).textContent).toContain('مدتها 24 ساعة');
  });

  it('says it on the list of addresses too, and nothing when there is no wait', async () => {
    renderAt('/mine/coin-address-list');
    expect((await screen.findByTestId('cooling-note')).textContent).toContain('24 hours');
    cleanup();
    coolingHours = 0;
    renderAt('/mine/withdraw-way?type=1');
    await screen.findByTestId('bind-address');
    expect(screen.queryByTestId('cooling-note')).toBeNull();
  });
});
