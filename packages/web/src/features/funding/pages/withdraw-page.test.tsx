import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BoundMethod, DrawCurrency, User, WithdrawRecord } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { loadToast } from '../../../lib/toast.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { WithdrawPage } from './withdraw-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));
// The dialog's own behaviour (Back closes it) is tested with it; here, the trader's answer.
vi.mock('../../../lib/dialogs.ts', () => ({ confirmDialog: vi.fn(), showDialog: vi.fn() }));

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
const METHOD: BoundMethod = {
  id: 9,
  type: 1,
  draw_id: 1,
  draw_currency: { code: 'USDT', protocol: 'TRC20' },
  dc_address: 'TQ9mine',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  currency: '',
  remark: '',
  created_at: '2025-03-01 10:00:00',
  usable_at: '2025-03-02 10:00:00',
  usable: true,
};
const COOLING: BoundMethod = {
  ...METHOD,
  id: 10,
  dc_address: 'TQ10new',
  usable_at: '2099-01-01 00:00:00',
  usable: false,
};
const PAID: WithdrawRecord = {
  id: 5,
  number: 100,
  real_number: 98,
  draw_currency: { code: 'USDT', protocol: 'TRC20' },
  fee: 2,
  status: 3,
  status_name: 'Paid',
  created_at: '2025-03-04 10:00:00',
  type: 1,
  address: 'TQ9mine',
  payee_account: '',
  memo: '',
  notes: 'TX-0042',
  timeline: [
    { step: 'submitted', at: '2025-03-04 10:00:00', note: '' },
    { step: 'approved', at: '2025-03-04 12:00:00', note: '' },
    { step: 'paid', at: '2025-03-04 13:00:00', note: 'TX-0042' },
  ],
};

/** The server's side, set per test. */
let methods: BoundMethod[];
let bankCurrencies: DrawCurrency[];
let drawAnswers: { code: number; msg: string }[];
/** When set, withdrawals are answered only once it resolves. */
let drawGate: Promise<void> | null;
const draws: { body: Record<string, string>; key: string | null }[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  const ok = (data: unknown) => Response.json({ code: 1, msg: 'Requested', data });
  if (url.startsWith('/v1/api/main/wallet/getBalance'))
    return ok({ balance: 1234.5, lock_balance: 0 });
  if (url.startsWith('/api/account/draw_symbol_list')) {
    return ok(new URL(url, 'http://x').searchParams.get('type') === '2' ? bankCurrencies : [USDT]);
  }
  if (url.startsWith('/api/wallet/get_draw_method')) return ok(methods);
  if (url.startsWith('/api/account/draw_list')) return ok({ data: [PAID], total: 1 });
  if (url === '/api/account/draw') {
    const headers = new Headers(init?.headers);
    draws.push({
      body: Object.fromEntries(new URLSearchParams(String(init?.body))),
      key: headers.get('idempotency-key'),
    });
    if (drawGate) await drawGate;
    const answer = drawAnswers.shift() ?? { code: 1, msg: 'Requested' };
    return Response.json({ ...answer, data: answer.code === 1 ? { ...PAID, status: 0 } : null });
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPage(at = '/mine/withdraw') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/mine/withdraw" element={<WithdrawPage />} />
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
const typeAmount = (value: string) =>
  fireEvent.change(within(screen.getByTestId('withdraw-amount')).getByRole('textbox'), {
    target: { value },
  });
/** Types the password in the confirmation dialog and confirms. */
const confirmWith = async (password: string) => {
  const dialog = await screen.findByTestId('withdraw-confirm');
  fireEvent.change(within(dialog).getByPlaceholderText('Account password'), {
    target: { value: password },
  });
  await act(async () => fireEvent.click(within(dialog).getByTestId('withdraw-confirm-submit')));
};

beforeAll(async () => {
  // The Toast loads on first use; load it (the mock above) now so that a call shows at once.
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  methods = [METHOD, COOLING];
  bankCurrencies = [];
  drawAnswers = [];
  drawGate = null;
  draws.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'session-token', user: { uid: '7', is_demo: 0 } as User });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
  vi.mocked(confirmDialog).mockReset();
});

describe('WithdrawPage', () => {
  it('shows the balance, and the fee and receive amount as the amount is typed', async () => {
    renderPage();
    await screen.findAllByTestId('withdraw-method');
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-available').textContent).toBe('1,234.50'),
    );
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('—');
    typeAmount('100');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('2.00');
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('98.00');
    typeAmount('1.5');
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('0.00');
    expect(screen.getByTestId('withdraw-fee-takes-all')).toBeDefined();
  });

  it('shows when a cooling method unlocks and never chooses it', async () => {
    renderPage();
    const [usable, cooling] = await screen.findAllByTestId('withdraw-method');
    const radio = (card: HTMLElement | undefined) => within(card!).getByRole('radio');
    expect(radio(usable)).toHaveProperty('disabled', false);
    expect(radio(usable)).toHaveProperty('checked', true);
    expect(radio(cooling)).toHaveProperty('disabled', true);
    fireEvent.click(cooling!);
    expect(radio(cooling)).toHaveProperty('checked', false);
    expect(within(cooling!).getByTestId('method-usable-at').textContent).toMatch(
      /^Usable from 20(98|99)-/,
    );
  });

  it('sends the same Idempotency-Key when the same form is sent again, a new one after success', async () => {
    drawAnswers = [{ code: 5010, msg: 'Daily limit reached' }];
    renderPage();
    await screen.findAllByTestId('withdraw-method');
    typeAmount('100');
    fireEvent.change(within(screen.getByTestId('withdraw-memo')).getByRole('textbox'), {
      target: { value: 'rent' },
    });
    const submit = screen.getByTestId('withdraw-submit');
    await act(async () => fireEvent.click(submit));
    await confirmWith('first-try');
    // Refused: the dialog stays, and the next try (another password) is the same attempt.
    expect(toastContents()).toContain('Daily limit reached');
    await confirmWith('second-try');
    expect(draws.map((d) => d.body)).toEqual([
      {
        draw_currency_id: '1',
        number: '100',
        draw_method_id: '9',
        memo: 'rent',
        password: 'first-try',
      },
      {
        draw_currency_id: '1',
        number: '100',
        draw_method_id: '9',
        memo: 'rent',
        password: 'second-try',
      },
    ]);
    expect(draws[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(draws[1]?.key).toBe(draws[0]?.key);
    await waitFor(() => expect(screen.queryByTestId('withdraw-confirm')).toBeNull());

    typeAmount('100');
    await act(async () => fireEvent.click(submit));
    await confirmWith('second-try');
    expect(draws[2]?.key).not.toBe(draws[0]?.key);
  });

  it('sends nothing before the dialog showing amount, fee, what arrives and the address takes the password', async () => {
    renderPage();
    await screen.findAllByTestId('withdraw-method');
    typeAmount('100');
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    expect(draws).toEqual([]);
    const dialog = await screen.findByTestId('withdraw-confirm');
    expect(within(dialog).getByTestId('withdraw-confirm-amount').textContent).toBe('100.00 USD');
    expect(within(dialog).getByTestId('withdraw-confirm-fee').textContent).toBe('2.00 USD');
    expect(within(dialog).getByTestId('withdraw-confirm-receive').textContent).toBe('98.00 USDT');
    expect(within(dialog).getByTestId('withdraw-confirm-to').textContent).toBe('TQ9mine');
    expect(dialog.textContent).toContain('Sent to USDT · TRC20');
    // No password, no withdrawal: the button waits for one.
    expect(within(dialog).getByTestId('withdraw-confirm-submit')).toHaveProperty('disabled', true);

    // Cancelled: nothing sent, the form keeps the amount.
    fireEvent.click(within(dialog).getByTestId('withdraw-cancel'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-confirm')).toBeNull());
    expect(draws).toEqual([]);

    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    await confirmWith('my account password');
    expect(draws.map((d) => d.body)).toEqual([
      {
        draw_currency_id: '1',
        number: '100',
        draw_method_id: '9',
        password: 'my account password',
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId('withdraw-confirm')).toBeNull());
  });

  it('holds the confirmation while the withdrawal is under way: sending it again sends nothing', async () => {
    let answer!: () => void;
    drawGate = new Promise((resolve) => {
      answer = resolve;
    });
    renderPage();
    await screen.findAllByTestId('withdraw-method');
    typeAmount('100');
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    await confirmWith('my account password');
    const dialog = screen.getByTestId('withdraw-confirm');
    // The password is still there: only the request under way holds the button.
    await waitFor(() =>
      expect(within(dialog).getByTestId('withdraw-confirm-submit')).toHaveProperty(
        'disabled',
        true,
      ),
    );
    await act(async () => fireEvent.submit(dialog));
    expect(draws).toHaveLength(1);

    await act(async () => answer());
    await waitFor(() => expect(screen.queryByTestId('withdraw-confirm')).toBeNull());
    expect(draws).toHaveLength(1);
  });

  it('asks for an amount before sending', async () => {
    renderPage();
    await screen.findAllByTestId('withdraw-method');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(toastContents()).toEqual(['Please complete']);
    expect(draws).toEqual([]);
  });

  it('offers to bind a method when none is bound, and leads to the bind form', async () => {
    methods = [];
    vi.mocked(confirmDialog).mockResolvedValue(true);
    renderPage();
    await screen.findByTestId('withdraw-method-missing');
    typeAmount('100');
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    expect(confirmDialog).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Please set up a collection account first' }),
    );
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/mine/withdraw-way?type=1&draw_id=1',
    );
    expect(draws).toEqual([]);
  });

  it('says there is no payment channel for a bank type with no currency', async () => {
    renderPage('/mine/withdraw?type=2');
    expect((await screen.findByTestId('withdraw-no-channel')).textContent).toBe(
      'No payment channel',
    );
    expect(screen.queryByTestId('withdraw-submit')).toBeNull();
  });

  it('lists withdrawals with fee, receive amount, reference and timeline', async () => {
    renderPage();
    const record = await screen.findByTestId('withdraw-record');
    expect(within(record).getByTestId('withdraw-status').textContent).toBe('Paid');
    expect(within(record).getByTestId('withdraw-record-fee').textContent).toBe('2.00 USD');
    expect(within(record).getByTestId('withdraw-record-receive').textContent).toBe('98.00 USDT');
    expect(within(record).getByTestId('withdraw-notes').textContent).toBe('TX-0042');
    fireEvent.click(within(record).getByTestId('record-progress'));
    expect(
      within(record)
        .getAllByTestId('timeline-step')
        .map((s) => s.textContent),
    ).toEqual(['Submitted', 'Approved', 'Paid out']);
  });
});
