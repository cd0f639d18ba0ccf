import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Ranking } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
// As main.tsx does: an imperative dialog, as the page once used, renders with React 19.
import '../../../lib/antd-react19.ts';
import { RankPage } from './rank-page.tsx';

const RANKING: Ranking = {
  data: [
    {
      rank: 1,
      user: 'u1***@***.com',
      multiple: 100,
      three_week_rate: 5,
      three_week_win: 40,
      three_week_profit: 120,
      three_week_trade_num: 3,
      total_rate: 5,
      total_profit: 120,
      total_trade_num: 3,
      code: 'EURUSD',
      followers: 0,
      max_drawdown: 0,
      max_drawdown_rate: 0,
      risk_score: 2,
    },
  ],
  refreshed_at: 0,
  window_days: 21,
};

const fetchMock = vi.fn<typeof fetch>(async (input) =>
  String(input).startsWith('/api/follow/list')
    ? Response.json({ code: 1, msg: 'ok', data: RANKING })
    : Response.json({ code: 404, msg: 'not found', data: null }),
);

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      browser back
    </button>
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RankPage coming-soon dialog', () => {
  it('goes with the page when Back leaves it, instead of staying over the previous page', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/', '/rank']} initialIndex={1}>
          <BackButton />
          <Routes>
            <Route path="/" element={<p>quotes</p>} />
            <Route path="/rank" element={<RankPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click((await screen.findAllByTestId('rank-row'))[0] as HTMLElement);
    expect((await screen.findByTestId('rank-coming-soon')).textContent).toBe(
      en['rank.coming_soon'],
    );

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'browser back' })));
    expect(await screen.findByText('quotes')).toBeDefined();
    await vi.waitFor(() => expect(screen.queryByTestId('rank-coming-soon')).toBeNull());
  });
});
