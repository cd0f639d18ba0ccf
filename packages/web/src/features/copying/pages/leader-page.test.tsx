import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type EquityCurve, type LeaderProfile, ROUTES } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import '../../../lib/antd-react19.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { fakeServer, PROFILE } from '../../../testing/copying.ts';
import { TRADER } from '../../../testing/trader.ts';
import type { ReturnPoint } from '../lib/equity-series.ts';
import { LeaderPage } from './leader-page.tsx';

// jsdom has no canvas: the chart shows what it was given instead of drawing it.
vi.mock('../components/equity-chart.tsx', () => ({
  EquityChart: ({ points }: { points: readonly ReturnPoint[] }) => (
    <p data-testid="equity-chart">{points.map((p) => p.value).join(' ')}</p>
  ),
}));

const DAY_S = 86_400;
const CURVE: EquityCurve = {
  period: 'all',
  points: [
    { time: 1_759_276_800, equity: 10_000, return_rate: 0 },
    { time: 1_759_276_800 + DAY_S, equity: 10_400, return_rate: 4 },
    { time: 1_759_276_800 + 2 * DAY_S, equity: 11_234, return_rate: 12.34 },
  ],
};

let profile: LeaderProfile;
beforeEach(() => {
  profile = PROFILE;
  const server = fakeServer({
    [ROUTES.followDetail.path]: () => profile,
    // A leader with a short history: nothing in the last month's window yet.
    [ROUTES.followEquity.path]: ({ fields }) =>
      fields.period === '1m' ? { period: '1m', points: [] } : CURVE,
  });
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, user: null });
});
beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderProfile() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/trader/41']}>
        <Routes>
          <Route path={PATHS.trader} element={<LeaderPage />} />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const figure = (id: string) => screen.getByTestId(`figure-${id}`).querySelector('dd')?.textContent;

describe('LeaderPage', () => {
  it("shows the leader's figures from the profile", async () => {
    renderProfile();
    expect((await screen.findByTestId('leader-name')).textContent).toBe('le***@***.com');
    expect(screen.getByTestId('sample-tag').textContent).toBe('Sample trader');
    expect(screen.getByTestId('risk-badge').textContent).toBe('Risk 4/10');
    expect(figure('return')).toBe('+12.34%');
    expect(figure('drawdown')).toBe('8.50%');
    expect(figure('win-rate')).toBe('61.90%');
    expect(figure('trades')).toBe('42');
    expect(figure('holding')).toBe('3 h 20 min');
    expect(figure('followers')).toBe('3');
    expect(figure('aum')).toBe('1,500.00 USD');
    expect(figure('since')).toBe('2025-10-01');
    expect(figure('days')).toBe('60');
  });

  it('lists months newest first, instruments and open positions', async () => {
    renderProfile();
    const months = within(await screen.findByTestId('monthly-returns')).getAllByRole('listitem');
    expect(months.map((m) => m.textContent)).toEqual(['2025-11-2.25%', '2025-10+5.10%']);
    expect(months[0]?.className).toContain('down');
    const instruments = within(screen.getByTestId('instruments')).getAllByRole('row');
    expect(instruments[1]?.textContent).toBe('EURUSD3071.43%');
    const positions = within(screen.getByTestId('leader-positions')).getAllByRole('row');
    expect(positions[1]?.textContent).toBe('EURUSDBuy1.0851310.85%');
  });

  it("draws the period's curve and says when a period has none", async () => {
    renderProfile();
    expect((await screen.findByTestId('equity-chart')).textContent).toBe('0 4 12.34');
    expect(screen.getByTestId('period-return').textContent).toBe('+12.34%');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '1M' })));
    expect(screen.getByRole('tab', { name: '1M' }).getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('equity-empty')).textContent).toBe(en['copy.equity_empty']);
    expect(screen.queryByTestId('equity-chart')).toBeNull();
  });

  it('sends a visitor who taps Copy to log in, and back here after', async () => {
    renderProfile();
    fireEvent.click(await screen.findByTestId('copy-open-sheet'));
    expect(screen.getByTestId('where').textContent).toBe('/login?from=/trader/41');
  });

  it('opens the copy sheet for a logged-in trader', async () => {
    useSessionStore.setState({ token: 'session-token', user: TRADER });
    renderProfile();
    fireEvent.click(await screen.findByTestId('copy-open-sheet'));
    expect(await screen.findByTestId('copy-sheet')).toBeDefined();
  });

  it('leads to the copy a trader already has instead of a second one', async () => {
    useSessionStore.setState({ token: 'session-token', user: TRADER });
    profile = { ...PROFILE, my_copy_id: 7 };
    renderProfile();
    fireEvent.click(await screen.findByTestId('copy-manage'));
    expect(screen.getByTestId('where').textContent).toBe('/copies');
  });

  it('counts demo copiers apart, beside the followers, only when there are some', async () => {
    profile = { ...PROFILE, demo_followers: 2 };
    renderProfile();
    await screen.findByTestId('leader-figures');
    expect(screen.getByTestId('figure-followers-aside').textContent).toBe('+2 demo');
    expect(screen.getByTestId('figure-followers').querySelector('bdi')?.textContent).toBe('3');
    cleanup();
    profile = PROFILE;
    renderProfile();
    await screen.findByTestId('leader-figures');
    expect(screen.queryByTestId('figure-followers-aside')).toBeNull();
  });

  it('tells a trader and a visitor that a leader takes no new copiers', async () => {
    profile = { ...PROFILE, copyable: false };
    useSessionStore.setState({ token: 'session-token', user: TRADER });
    renderProfile();
    expect((await screen.findByTestId('copy-unavailable')).textContent).toBe(
      en['copy.closed_to_new'],
    );
    expect(screen.queryByTestId('copy-open-sheet')).toBeNull();
    cleanup();
    useSessionStore.setState({ token: null, user: null });
    renderProfile();
    expect((await screen.findByTestId('copy-unavailable')).textContent).toBe(
      en['copy.closed_to_new'],
    );
  });

  it('tells a trader on their own profile that they cannot copy themselves', async () => {
    profile = { ...PROFILE, id: TRADER.id, copyable: false };
    useSessionStore.setState({ token: 'session-token', user: TRADER });
    renderProfile();
    expect((await screen.findByTestId('copy-unavailable')).textContent).toBe(
      en['copy.not_copyable'],
    );
  });

  it('says when a leader has no history yet', async () => {
    profile = { ...PROFILE, monthly: [], instruments: [], positions: [], trades: 0, since: 0 };
    renderProfile();
    expect(await screen.findByText(en['copy.monthly_empty'])).toBeDefined();
    expect(screen.getByText(en['copy.instruments_empty'])).toBeDefined();
    expect(screen.getByText(en['copy.positions_empty'])).toBeDefined();
    expect(figure('holding')).toBe('—');
    expect(figure('since')).toBe('—');
  });
});
