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

let ranking: Ranking = RANKING;
const fetchMock = vi.fn<typeof fetch>(async (input) =>
  String(input).startsWith('/api/follow/list')
    ? Response.json({ code: 1, msg: 'ok', data: ranking })
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
beforeEach(() => {
  ranking = RANKING;
  vi.stubGlobal('fetch', fetchMock);
});
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

  it('opens ordered by the time-weighted return, not by profit ÷ margin (issue 37)', async () => {
    // The scalper of issue 37: −5.14 % profit ÷ margin, yet 37.80 % of equity lost.
    ranking = {
      ...RANKING,
      data: [
        {
          ...ROW,
          rank: 1,
          id: 51,
          user: 'steady***@***.com',
          return_rate: 3.1,
          three_week_rate: -9,
        },
        {
          ...ROW,
          rank: 2,
          id: 52,
          user: 'scalper***@***.com',
          return_rate: -37.8,
          three_week_rate: -5.14,
        },
      ],
    };
    renderRanking();
    const rows = await screen.findAllByTestId('rank-row');
    expect(rows.map((row) => within(row).getByTestId('rank-rate').textContent)).toEqual([
      '+3.10%',
      '-37.80%',
    ]);
    // The first tab, and the active one: the order the page opens in.
    const tabs = screen.getByRole('navigation').querySelectorAll('.adm-capsule-tabs-tab');
    expect(tabs[0]?.textContent).toBe(en['rank.return_rate']);
    expect(tabs[0]?.classList.contains('adm-capsule-tabs-tab-active')).toBe(true);
  });

  it('says in one line what each figure on a card means', async () => {
    renderRanking();
    const [card] = await screen.findAllByTestId('rank-row');
    const legend = screen.getByTestId('rank-legend');
    expect(legend.querySelector('summary')?.textContent).toBe(en['rank.legend_title']);
    const lines = within(legend)
      .getAllByTestId('rank-legend-line')
      .map((line) => line.textContent ?? '');
    expect(lines[0]).toBe(en['rank.return_rate'] + en['rank.legend_return']);
    expect(lines[0]).toContain('deposits and withdrawals do not count');
    expect(lines).toContain(
      en['rank.three_week_rate'] + en['rank.legend_three_week_rate'].replace('{{days}}', '21'),
    );
    // Every label the card shows has its line.
    const labels = [...(card as HTMLElement).querySelectorAll('dt, .rank-label')].map(
      (label) => label.textContent ?? '',
    );
    expect(labels.length).toBe(9);
    for (const label of labels) expect(lines.some((line) => line.startsWith(label))).toBe(true);
    expect(lines.some((line) => line.startsWith(en['rank.multiple']))).toBe(true);
    expect(lines.some((line) => line.startsWith(en['rank.variety']))).toBe(true);
  });

  it("opens the tapped trader's profile", async () => {
    renderRanking();
    fireEvent.click((await screen.findAllByTestId('rank-row'))[1] as HTMLElement);
    expect(await screen.findByText('profile 42')).toBeDefined();
  });
});
