import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Copy, ROUTES } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import '../../../lib/antd-react19.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { COPY, fakeServer, type SentRequest } from '../../../testing/copying.ts';
import { TRADER } from '../../../testing/trader.ts';
import { CopiesList } from './copies-list.tsx';

const PAUSED: Copy = { ...COPY, id: 8, leader_id: 42, leader: 'pa***@***.com', status: 'paused' };
const STOPPED: Copy = {
  ...COPY,
  id: 9,
  leader_id: 43,
  leader: 'st***@***.com',
  status: 'stopped',
  equity: 0,
  pnl: -20,
  pnl_rate: -4,
  returned: 480,
  stop_reason: 'copy-stop-loss',
  stopped_at: Date.UTC(2025, 10, 3),
  positions: [],
  skipped: [],
};

let copies: Copy[];
let sent: SentRequest[];
const COMMANDS: readonly string[] = [
  ROUTES.followPause.path,
  ROUTES.followResume.path,
  ROUTES.followAddFunds.path,
  ROUTES.followStop.path,
];
const commandsSent = () =>
  sent.filter((r) => COMMANDS.includes(r.path)).map((r) => [r.path, r.fields]);

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  copies = [COPY, PAUSED, STOPPED];
  const answerCopy = ({ fields }: SentRequest) =>
    copies.find((c) => c.id === Number(fields.copy_id));
  const server = fakeServer({
    [ROUTES.myCopies.path]: () => ({ data: copies }),
    [ROUTES.getBalance.path]: () => ({ balance: 2_000, lock_balance: 0 }),
    [ROUTES.followPause.path]: answerCopy,
    [ROUTES.followResume.path]: answerCopy,
    [ROUTES.followAddFunds.path]: answerCopy,
    [ROUTES.followStop.path]: answerCopy,
  });
  sent = server.sent;
  vi.stubGlobal('fetch', server.fetch);
  useSessionStore.setState({ token: 'session-token', user: TRADER });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, user: null });
});

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CopiesList />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function card(leader: string) {
  const cards = await screen.findAllByTestId('copy-card');
  const found = cards.find((c) => c.textContent?.includes(leader));
  if (!found) throw new Error(`no card of ${leader}`);
  return within(found);
}

describe('CopiesList', () => {
  it('shows each copy: status, money, P&L, positions and skipped trades with their reason', async () => {
    renderList();
    const active = await card('le***@***.com');
    expect(active.getByTestId('copy-status').textContent).toBe('Copying');
    expect(active.getByTestId('copy-pnl').textContent).toBe('+12.50 USD');
    expect(active.getByTestId('copy-pnl-rate').textContent).toBe('+2.50%');
    expect(active.getByTestId('copy-pnl').className).toBe('up');
    expect(active.getByTestId('copy-amount').textContent).toContain('500.00 USD');
    expect(active.getByTestId('copy-equity').textContent).toContain('512.50 USD');
    expect(active.getByTestId('copy-stop-equity').textContent).toContain('300.00 USD');
    expect(active.getByTestId('copy-counts').textContent).toContain('3 / 1');
    expect(active.getByTestId('copy-position').textContent).toBe(
      'EURUSD Buy0.051.085131.08763+12.50',
    );
    expect(active.getByTestId('skip-reason').textContent).toBe('Too small: under the minimum lot');
  });

  it('says what a stopped copy returned and why, with no actions left', async () => {
    renderList();
    const stopped = await card('st***@***.com');
    expect(stopped.getByTestId('copy-returned').textContent).toBe('Returned480.00 USD');
    expect(stopped.getByTestId('copy-stopped').textContent).toMatch(
      /^Stopped by the copy stop-loss · 2025-11-0[23] \d\d:\d\d GMT[+-]\d+/,
    );
    expect(stopped.queryByTestId('copy-equity')).toBeNull();
    expect(stopped.getByTestId('copy-pnl').className).toBe('down');
    expect(stopped.queryByTestId('copy-stop')).toBeNull();
    expect(stopped.queryByTestId('copy-stop-equity')).toBeNull();
  });

  it('pauses an active copy and resumes a paused one', async () => {
    renderList();
    await act(async () => fireEvent.click((await card('le***@***.com')).getByTestId('copy-pause')));
    await act(async () =>
      fireEvent.click((await card('pa***@***.com')).getByTestId('copy-resume')),
    );
    await waitFor(() =>
      expect(commandsSent()).toEqual([
        [ROUTES.followPause.path, { copy_id: '7' }],
        [ROUTES.followResume.path, { copy_id: '8' }],
      ]),
    );
  });

  it('adds funds and takes some back as a negative amount', async () => {
    renderList();
    const sendFunds = async (direction: string, amount: string) => {
      fireEvent.click((await card('le***@***.com')).getByTestId('copy-funds'));
      const sheet = within(await screen.findByTestId('funds-sheet'));
      fireEvent.click(sheet.getByText(direction));
      fireEvent.change(sheet.getByRole('textbox'), { target: { value: amount } });
      await act(async () => fireEvent.click(sheet.getByTestId('funds-confirm')));
      await waitFor(() => expect(screen.queryByTestId('funds-sheet')).toBeNull());
    };
    await sendFunds(en['copy.add_funds'], '250');
    await sendFunds(en['copy.take_back'], '100.5');
    expect(commandsSent()).toEqual([
      [ROUTES.followAddFunds.path, { copy_id: '7', amount: '250' }],
      [ROUTES.followAddFunds.path, { copy_id: '7', amount: '-100.5' }],
    ]);
  });

  it('stops a copy only once the trader confirmed what happens to its positions and equity', async () => {
    renderList();
    fireEvent.click((await card('le***@***.com')).getByTestId('copy-stop'));
    expect((await screen.findByTestId('stop-confirm-text')).textContent).toBe(
      "The copy's positions close at market, and its equity (now 512.50 USD) returns to your balance.",
    );
    await act(async () => fireEvent.click(screen.getByText(en['public.cancel'])));
    expect(commandsSent()).toEqual([]);

    // The cancelled dialog may still be leaving: the new one is any other.
    const cancelled = document.querySelector('.adm-dialog');
    fireEvent.click((await card('le***@***.com')).getByTestId('copy-stop'));
    const dialog = await waitFor(() => {
      const fresh = [...document.querySelectorAll<HTMLElement>('.adm-dialog')].find(
        (d) => d !== cancelled && d.textContent?.includes('returns to your balance'),
      );
      if (!fresh) throw new Error('no new dialog yet');
      return fresh;
    });
    await act(async () => fireEvent.click(within(dialog).getByText(en['copy.stop'])));
    await waitFor(() =>
      expect(commandsSent()).toEqual([[ROUTES.followStop.path, { copy_id: '7' }]]),
    );
  });

  it('follows the P&L live: the list is asked for again while it is shown', async () => {
    renderList();
    expect((await card('le***@***.com')).getByTestId('copy-pnl').textContent).toBe('+12.50 USD');
    copies = [{ ...COPY, pnl: -3.25, pnl_rate: -0.65 }, PAUSED, STOPPED];
    await waitFor(
      async () =>
        expect((await card('le***@***.com')).getByTestId('copy-pnl').textContent).toBe('-3.25 USD'),
      { timeout: 5_000 },
    );
  });

  it('points to the ranking when there is no copy', async () => {
    copies = [];
    renderList();
    expect(await screen.findByText(en['copy.none_title'])).toBeDefined();
    expect(screen.getByRole('link', { name: en['copy.none_link'] }).getAttribute('href')).toBe(
      '/rank',
    );
  });
});
