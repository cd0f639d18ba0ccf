import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Copy, ROUTES } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../i18n/locales/ar.json';
import en from '../../../i18n/locales/en.json';
import '../../../lib/antd-react19.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { COPY, fakeServer, Refusal, type SentRequest } from '../../../testing/copying.ts';
import { TRADER } from '../../../testing/trader.ts';
import { CopiesList } from './copies-list.tsx';

/**
 * Issue 37 item 6: pausing, resuming and moving money said nothing; the trader had to read the
 * card to learn whether the tap did anything. Each now says what it did, and the card shows
 * the copy as the server answered at once.
 */

let copy: Copy;
let refuse: boolean;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en }, ar: { translation: ar } },
  });
});
beforeEach(async () => {
  await i18next.changeLanguage('en');
  copy = COPY;
  refuse = false;
  /** A server that keeps the copy as the commands change it. */
  const command = (change: (fields: Record<string, string>) => Partial<Copy>) => {
    return ({ fields }: SentRequest) => {
      if (refuse) return new Refusal(6110, 'The copy cannot be changed now');
      copy = { ...copy, ...change(fields) };
      return copy;
    };
  };
  const server = fakeServer({
    [ROUTES.myCopies.path]: () => ({ data: [copy] }),
    [ROUTES.getBalance.path]: () => ({ balance: 2_000, lock_balance: 0 }),
    [ROUTES.followPause.path]: command(() => ({ status: 'paused' })),
    [ROUTES.followResume.path]: command(() => ({ status: 'active' })),
    [ROUTES.followAddFunds.path]: command(({ amount }) => ({
      amount: copy.amount + Number(amount),
      equity: copy.equity + Number(amount),
    })),
  });
  vi.stubGlobal('fetch', server.fetch);
  useSessionStore.setState({ token: 'session-token', user: TRADER });
});
afterEach(async () => {
  toast.clear();
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

const theCard = async () => within(await screen.findByTestId('copy-card'));

/** The text of the toast on screen now (the loading spinner's has none). */
async function toastSaying(text: string): Promise<void> {
  await waitFor(() => {
    const shown = [...document.querySelectorAll<HTMLElement>('.adm-toast-main')].map(
      (element) => element.textContent ?? '',
    );
    expect(shown).toContain(text);
  });
}

async function sendFunds(direction: string, amount: string): Promise<void> {
  fireEvent.click((await theCard()).getByTestId('copy-funds'));
  const sheet = within(await screen.findByTestId('funds-sheet'));
  fireEvent.click(sheet.getByText(direction));
  fireEvent.change(sheet.getByRole('textbox'), { target: { value: amount } });
  await act(async () => fireEvent.click(sheet.getByTestId('funds-confirm')));
  await waitFor(() => expect(screen.queryByTestId('funds-sheet')).toBeNull());
}

describe('what a command on a copy did, said back', () => {
  it('confirms a pause and a resume, the card turning with each', async () => {
    renderList();
    await act(async () => fireEvent.click((await theCard()).getByTestId('copy-pause')));
    await toastSaying('Copy of le***@***.com paused');
    const paused = await theCard();
    expect(paused.getByTestId('copy-status').textContent).toBe(en['copy.status_paused']);
    expect(paused.getByTestId('copy-resume')).toBeDefined();

    await act(async () => fireEvent.click(paused.getByTestId('copy-resume')));
    await toastSaying('Copy of le***@***.com resumed');
    await waitFor(async () =>
      expect((await theCard()).getByTestId('copy-status').textContent).toBe(
        en['copy.status_active'],
      ),
    );
  });

  it('says how much was added or taken back, to the cent, and shows the new amount', async () => {
    renderList();
    await sendFunds(en['copy.add_funds'], '50');
    await toastSaying('Added 50.00 USD to your copy of le***@***.com');
    expect((await theCard()).getByTestId('copy-amount').textContent).toContain('550.00 USD');

    await sendFunds(en['copy.take_back'], '100.5');
    await toastSaying('Took 100.50 USD back from your copy of le***@***.com');
    expect((await theCard()).getByTestId('copy-amount').textContent).toContain('449.50 USD');
  });

  it('keeps the figures and the name each in their own direction in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderList();
    await sendFunds(ar['copy.add_funds'], '50');
    // The amount left to right, the name in its own direction, inside the Arabic sentence.
    await toastSaying('أُضيف \u206650.00 USD\u2069 إلى نسختك من \u2068le***@***.com\u2069');
  });

  it('confirms nothing when the server refused (its message is the toast)', async () => {
    renderList();
    refuse = true;
    await act(async () => fireEvent.click((await theCard()).getByTestId('copy-pause')));
    await toastSaying('The copy cannot be changed now');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const shown = [...document.querySelectorAll('.adm-toast-main')].map((e) => e.textContent);
    expect(shown).not.toContain('Copy of le***@***.com paused');
    expect((await theCard()).getByTestId('copy-status').textContent).toBe(en['copy.status_active']);
  });
});
