import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  type FundingPush,
  ROUTES,
  TOPICS,
  type User,
  type WithdrawRecord,
} from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WithdrawRecords } from '../features/funding/components/withdraw-records.tsx';
import { useLiveFunding } from '../features/funding/hooks/use-live-funding.ts';
import { NoticeBell } from '../features/trade/components/notice-bell.tsx';
import { NoticesPage } from '../features/trade/pages/notices-page.tsx';
import { useNoticesSeen } from '../features/trade/stores/close-notices-store.ts';
import en from '../i18n/locales/en.json';
import '../lib/antd-react19.ts';
import { formatLocalDateTime } from '../lib/local-time.ts';
import { PATHS } from '../lib/route-paths.ts';
import { toast } from '../lib/toast.ts';
import { useFundingNotices } from '../stores/funding-notices-store.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { fakeServer } from '../testing/copying.ts';

/** The socket's handlers, so that a test can push as the server would. */
const handlers = vi.hoisted(() => new Map<string, (data: unknown) => void>());
vi.mock('../lib/ws-client.ts', () => ({
  socketClient: {
    subscribe: (topic: string, handler: (data: unknown) => void) => {
      handlers.set(topic, handler);
      return () => handlers.delete(topic);
    },
    onReconnect: () => () => {},
  },
}));

const USER_ID = 5;
const PAID_AT = Date.UTC(2026, 10, 3, 15, 0, 12);

/** A withdrawal of 100 USD in USDT as draw_list answers it, approved and waiting to be paid. */
const APPROVED: WithdrawRecord = {
  id: 12,
  number: 100,
  real_number: 99,
  draw_currency: { code: 'USDT', protocol: 'TRC20' },
  fee: 1,
  status: 2,
  status_name: 'Approved',
  created_at: '2026-11-03 14:00:00',
  type: 1,
  address: 'TZ3NJooRsmxvLVMRjU9huorDEAzRBEKkmi',
  payee_account: '',
  memo: '',
  notes: '',
  timeline: [],
};

const PAID_PUSH: FundingPush = {
  key: 'withdrawal:12:paid',
  kind: 'withdrawal_paid',
  id: 12,
  number: 100,
  currency: 'USDT',
  real_number: 99,
  note: 'TRX-1',
  at: PAID_AT,
};

let withdrawal: WithdrawRecord;

/** The app's part: live funding for the logged-in trader, the withdrawal page's records. */
function LiveFunding() {
  useLiveFunding();
  return null;
}

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[PATHS.withdraw]}>
        <LiveFunding />
        <NoticeBell />
        <Routes>
          <Route path={PATHS.withdraw} element={<WithdrawRecords />} />
          <Route path={PATHS.notices} element={<NoticesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const toastTexts = () =>
  [...document.querySelectorAll<HTMLElement>('.adm-toast-main')].map((t) => t.textContent);
const status = () => screen.getByTestId('withdraw-status').textContent;
const unread = () => screen.queryByTestId('notice-unread')?.textContent ?? null;
/** Pushes as the server would, once the app follows FUNDING (it loads after the first screen). */
async function push(data: FundingPush): Promise<void> {
  await waitFor(() => expect(handlers.has(TOPICS.funding)).toBe(true));
  act(() => handlers.get(TOPICS.funding)?.(data));
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  withdrawal = APPROVED;
  const server = fakeServer({
    [ROUTES.drawList.path]: () => ({ data: [withdrawal], total: 1 }),
    [ROUTES.myDeal.path]: () => ({ data: [], total: 0, all_fact_profits: 0, balance: 0 }),
    [ROUTES.getBalance.path]: () => ({ balance: 200, lock_balance: 0 }),
  });
  vi.stubGlobal('fetch', server.fetch);
  localStorage.clear();
  useNoticesSeen.setState({ seen: {} });
  useFundingNotices.setState({ byUser: {} });
  useSessionStore.setState({ token: 'session', user: { id: USER_ID } as User });
});
afterEach(() => {
  toast.clear();
  cleanup();
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, user: null });
});

describe("the desk's decisions, live in the app (issue 37 item 6)", () => {
  it('a payment turns the open withdrawal page to Paid, toasts it and lists it once', async () => {
    renderApp();
    await waitFor(() => expect(status()).toBe('Approved'));
    expect(unread()).toBeNull();

    // The desk pays: the server's list says so from now on, and FUNDING comes.
    withdrawal = { ...APPROVED, status: 3, status_name: 'Paid', notes: 'TRX-1' };
    await push(PAID_PUSH);
    await waitFor(() => expect(status()).toBe('Paid'));
    await waitFor(() =>
      expect(toastTexts()).toEqual(['Withdrawal of 100.00\u00a0USD paidPayment reference: TRX-1']),
    );
    expect(unread()).toBe('1');

    // Delivered twice (at least once): one decision, kept once.
    await push(PAID_PUSH);
    expect(useFundingNotices.getState().byUser[USER_ID]).toHaveLength(1);

    fireEvent.click(screen.getByTestId('notice-bell'));
    const row = await screen.findByTestId('funding-notice');
    expect(row.textContent).toBe(
      `Withdrawal of 100.00\u00a0USD paidPayment reference: TRX-1${formatLocalDateTime(PAID_AT)}`,
    );
    await waitFor(() => expect(unread()).toBeNull());
    // Kept on the device for this trader: a reload lists it still.
    expect(localStorage.getItem('tradedesk.funding-notices')).toContain('withdrawal:12:paid');
  });

  it('says what each decision was, with its reason, and marks a refusal', async () => {
    renderApp();
    await waitFor(() => expect(status()).toBe('Approved'));
    await push({
      ...PAID_PUSH,
      key: 'withdrawal:12:approved',
      kind: 'withdrawal_approved',
      note: '',
    });
    await push({
      key: 'deposit:3:credited',
      kind: 'deposit_credited',
      id: 3,
      number: 1250.5,
      currency: 'USDT',
      amount: 1250.5,
      note: '',
      at: PAID_AT + 1,
    });
    await push({
      key: 'deposit:4:rejected',
      kind: 'deposit_rejected',
      id: 4,
      number: 0.005,
      currency: 'BTC',
      note: 'No transfer arrived',
      at: PAID_AT + 2,
    });
    fireEvent.click(screen.getByTestId('notice-bell'));
    await waitFor(() => expect(screen.getAllByTestId('funding-notice')).toHaveLength(3));
    const rows = screen.getAllByTestId('funding-notice');
    // An amount and its unit never part at a line's end.
    const headlines = rows.map((r) =>
      r.querySelector('strong')?.textContent?.replace(/\u00a0/g, ' '),
    );
    expect(rows[1]?.querySelector('strong')?.textContent).toContain('1,250.50\u00a0USDT');
    expect(headlines).toEqual([
      'Deposit of 0.005 BTC not accepted',
      'Deposit of 1,250.50 USDT credited: 1,250.50 USD added to your balance',
      'Withdrawal of 100.00 USD approved: 99.00 USDT on its way',
    ]);
    expect(rows[0]?.className).toContain('refusal');
    expect(rows[0]?.textContent).toContain('Reason: No transfer arrived');
    expect(rows[1]?.className).not.toContain('refusal');
  });
});
