import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ROUTES, type User } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import '../../../lib/antd-react19.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { COPY, fakeServer, Refusal, type SentRequest } from '../../../testing/copying.ts';
import { TRADER } from '../../../testing/trader.ts';
import { CopySheet } from './copy-sheet.tsx';

const LEADER = { id: 41, user: 'le***@***.com' };
let copyAnswers: ((request: SentRequest) => unknown)[];
let server: ReturnType<typeof fakeServer>;

function renderSheet() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/trader/41']}>
        <Routes>
          <Route
            path="/trader/41"
            element={<CopySheet leader={LEADER} open onClose={() => {}} />}
          />
          <Route path="/copies" element={<p>my copies</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const amountInput = () => document.querySelector<HTMLInputElement>('#copy-amount')!;
const typeAmount = (value: string) => fireEvent.change(amountInput(), { target: { value } });
const confirm = () => act(async () => fireEvent.click(screen.getByTestId('copy-confirm')));
const copyRequests = () => server.sent.filter((r) => r.path === ROUTES.followCopy.path);

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  copyAnswers = [];
  server = fakeServer({
    [ROUTES.getBalance.path]: () => ({ balance: 1_000, lock_balance: 0 }),
    [ROUTES.followCopy.path]: (request) => (copyAnswers.shift() ?? (() => COPY))(request),
  });
  vi.stubGlobal('fetch', server.fetch);
  useSessionStore.setState({ token: 'session-token', user: TRADER satisfies User });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, user: null });
});

describe('CopySheet', () => {
  it('shows the free balance and the equity at which the copy stops', async () => {
    renderSheet();
    await waitFor(() =>
      expect(screen.getByTestId('copy-available').textContent).toBe('Available: 1,000.00 USD'),
    );
    expect(screen.getByTestId('copy-stop-equity').textContent).toBe(
      'The copy stops and closes its positions once it has lost 40% of the amount.',
    );
    typeAmount('500');
    expect(screen.getByTestId('copy-stop-equity').textContent).toBe(
      "If the copy's equity falls to 300.00 USD (−40%), it stops and closes its positions.",
    );
    // One step down the stepper: a 35 % copy stop-loss keeps 65 % of the amount.
    fireEvent.click(document.querySelector('.adm-stepper-minus')!);
    expect(screen.getByTestId('copy-stop-equity').textContent).toContain('325.00 USD (−35%)');
  });

  it('refuses what the contract would, without asking the server', async () => {
    renderSheet();
    await waitFor(() =>
      expect(screen.getByTestId('copy-available').textContent).toContain('1,000'),
    );
    await confirm();
    expect(screen.getByTestId('copy-problem').textContent).toBe(en['copy.amount_required']);
    typeAmount('99.99');
    expect(screen.getByTestId('copy-problem').textContent).toBe('The minimum is 100 USD');
    typeAmount('1000.01');
    await confirm();
    expect(screen.getByTestId('copy-problem').textContent).toBe(en['copy.amount_over_balance']);
    expect(copyRequests()).toEqual([]);
  });

  it('copies with one Idempotency-Key per attempt, then opens my copies', async () => {
    renderSheet();
    typeAmount('500');
    fireEvent.click(screen.getByRole('switch'));
    // The first answer is lost on the way (a proxy error): the retry is the same attempt.
    copyAnswers.push(() => new Refusal(502, 'Bad gateway'));
    await confirm();
    await waitFor(() => expect(copyRequests()).toHaveLength(1));
    await confirm();
    expect(await screen.findByText('my copies')).toBeDefined();

    const [first, retry] = copyRequests();
    expect(first?.method).toBe('POST');
    expect(first?.fields).toEqual({
      id: '41',
      amount: '500',
      copy_sl_rate: '40',
      copy_open: '1',
    });
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('makes a new attempt once the details change', async () => {
    renderSheet();
    typeAmount('500');
    copyAnswers.push(() => new Refusal(6103, 'The amount is below the minimum'));
    await confirm();
    await waitFor(() => expect(copyRequests()).toHaveLength(1));
    typeAmount('600');
    await confirm();
    await screen.findByText('my copies');
    const [first, second] = copyRequests();
    expect(second?.fields.amount).toBe('600');
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });
});
