import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Ranking, RankingTrader } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { PATHS } from '../../../lib/route-paths.ts';
import { RankPage } from './rank-page.tsx';

const ROW: RankingTrader = {
  rank: 1,
  id: 41,
  sample: true,
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
  followers: 3,
  aum: 1_250,
  demo_followers: 0,
  return_rate: 4.4,
  max_drawdown: 35,
  max_drawdown_rate: 12.5,
  risk_score: 6,
};
const RANKING: Ranking = {
  data: [ROW, { ...ROW, rank: 2, id: 42, sample: false, user: 'u2***@***.com', return_rate: -2 }],
  refreshed_at: 0,
  window_days: 21,
};

const fetchMock = vi.fn<typeof fetch>(async (input) =>
  String(input).startsWith('/api/follow/list')
    ? Response.json({ code: 1, msg: 'ok', data: RANKING })
    : Response.json({ code: 404, msg: 'not found', data: null }),
);

function ProfileStandIn() {
  const { id } = useParams();
  return <p>profile {id}</p>;
}

function renderRanking() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/rank']}>
        <Routes>
          <Route path="/rank" element={<RankPage />} />
          <Route path={PATHS.trader} element={<ProfileStandIn />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
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

describe('RankPage', () => {
  it('shows the honest figures: time-weighted return, drawdown % of the peak, risk, assets under copy', async () => {
    renderRanking();
    const [first, second] = await screen.findAllByTestId('rank-row');
    const card = within(first as HTMLElement);
    expect(card.getByTestId('rank-rate').textContent).toBe('+4.40%');
    expect(card.getByText(en['rank.max_drawdown']).nextElementSibling?.textContent).toBe('12.50%');
    expect(card.getByText(en['rank.aum']).nextElementSibling?.textContent).toBe('1.25K');
    expect(card.getByText(en['rank.followers']).nextElementSibling?.textContent).toBe('3');
    expect(card.getByTestId('risk-badge').textContent).toBe('Risk 6/10');
    expect(card.getByTestId('sample-tag').textContent).toBe(en['rank.sample']);
    // Only sample traders carry the tag.
    expect(within(second as HTMLElement).queryByTestId('sample-tag')).toBeNull();
  });

  it("opens the tapped trader's profile", async () => {
    renderRanking();
    fireEvent.click((await screen.findAllByTestId('rank-row'))[1] as HTMLElement);
    expect(await screen.findByText('profile 42')).toBeDefined();
  });
});
