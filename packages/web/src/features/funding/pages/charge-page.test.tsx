import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { DepositNetwork, DepositRecord, User, WireOption } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { fetchPrivateImage } from '../../../lib/private-image.ts';
import { loadToast } from '../../../lib/toast.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { ChargePage } from './charge-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));
vi.mock('../../../lib/upload-image.ts', () => ({ uploadImage: vi.fn() }));
vi.mock('../../../lib/private-image.ts', () => ({ fetchPrivateImage: vi.fn() }));

const NETWORKS: DepositNetwork[] = [
  {
    id: 1,
    currency_code: 'USDT',
    protocol_code: 'TRC20',
    address: 'TQ1usdt',
    price_usd: 1,
    min: 10,
  },
  {
    id: 3,
    currency_code: 'BTC',
    protocol_code: 'BTC',
    address: 'bc1qbtc',
    price_usd: 65000,
    min: 0,
  },
];
const WIRE: WireOption = {
  id: 7,
  bank_name: 'HSBC Hong Kong',
  bank_address: '1 Queen’s Road Central',
  bank_swift: 'HSBCHKHHHKH',
  payee_name: 'TradeDesk Ltd',
  payee_account: '004-123-456789-001',
  bank_remark: 'Write your UID in the reference',
  currency: 'USD',
  price_usd: 1,
  min: 0,
};
const REJECTED: DepositRecord = {
  id: 41,
  number: 250,
  type: 0,
  currency_code: 'USDT',
  protocol_code: 'TRC20',
  status: 2,
  created_at: '2025-03-04 10:00:00',
  remark: 'The proof shows another amount',
  credited: 0,
  timeline: [
    { step: 'submitted', at: '2025-03-04 10:00:00', note: '' },
    { step: 'rejected', at: '2025-03-04 11:30:00', note: 'The proof shows another amount' },
  ],
};

/** The server's side: what each call answers, and what was submitted. */
const submitted: { path: string; body: URLSearchParams }[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  const ok = (data: unknown) => Response.json({ code: 1, msg: 'Submitted', data });
  if (url.startsWith('/api/quickCharge/info')) return ok(NETWORKS);
  if (url.startsWith('/api/quickCharge/symbols')) return ok([{ code: 'USD', price_usd: 1 }]);
  if (url.startsWith('/api/quickCharge/wire_info')) return ok([WIRE]);
  if (url.startsWith('/api/quickCharge/quick_ist')) return ok({ data: [REJECTED], total: 1 });
  if (url === '/api/quickCharge/submit' || url === '/api/quickCharge/wire_submit') {
    submitted.push({ path: url, body: new URLSearchParams(String(init?.body)) });
    return ok({ ...REJECTED, id: 42, status: 0, remark: '', timeline: [] });
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/mine/charge']}>
        <ChargePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const toastContents = () =>
  vi
    .mocked(Toast.show)
    .mock.calls.map(([props]) => (typeof props === 'string' ? props : String(props.content ?? '')));
const typeInto = (testId: string, value: string) =>
  fireEvent.change(within(screen.getByTestId(testId)).getByRole('textbox'), {
    target: { value },
  });

beforeAll(async () => {
  // The Toast loads on first use; load it (the mock above) now so that a call shows at once.
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  submitted.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.mocked(fetchPrivateImage).mockRejectedValue(new Error('not needed here'));
  useSessionStore.setState({ token: 'session-token', user: { uid: '7', is_demo: 0 } as User });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(Toast.show).mockClear();
  vi.mocked(uploadImage).mockReset();
});

describe('ChargePage, crypto', () => {
  it('shows the chosen network’s address and what the amount is worth in USD', async () => {
    renderPage();
    expect((await screen.findByTestId('charge-address')).textContent).toBe('TQ1usdt');
    expect(screen.getByText('At least 10.00 USDT')).toBeDefined();

    fireEvent.click(
      within(screen.getByTestId('charge-network')).getByRole('option', { name: /BTC/ }),
    );
    expect(screen.getByTestId('charge-address').textContent).toBe('bc1qbtc');
    typeInto('charge-amount', '0,015');
    expect(within(screen.getByTestId('charge-amount')).getByRole('textbox')).toHaveProperty(
      'value',
      '0.015',
    );
    expect(screen.getByTestId('charge-usd').textContent).toBe('975.00 USD');
  });

  it('asks for the amount, then the proof, then sends the deposit with the network’s address', async () => {
    vi.mocked(uploadImage).mockResolvedValue('/api/common/upload/proof.jpg');
    renderPage();
    const submit = await screen.findByTestId('charge-submit');
    fireEvent.click(submit);
    expect(toastContents()).toEqual(['Please complete']);
    typeInto('charge-amount', '120');
    fireEvent.click(submit);
    expect(toastContents()).toEqual(['Please complete', 'Please add a photo of the transfer']);

    await act(async () => {
      fireEvent.change(screen.getByTestId('charge-proof'), {
        target: { files: [new File(['x'], 'proof.jpg', { type: 'image/jpeg' })] },
      });
    });
    await act(async () => fireEvent.click(submit));
    expect(submitted.map((s) => [s.path, Object.fromEntries(s.body)])).toEqual([
      [
        '/api/quickCharge/submit',
        {
          number: '120',
          proofImg: '/api/common/upload/proof.jpg',
          address: 'TQ1usdt',
          charge_id: '1',
        },
      ],
    ]);
    // Sent: the form starts over.
    expect(within(screen.getByTestId('charge-amount')).getByRole('textbox')).toHaveProperty(
      'value',
      '',
    );
  });
});

describe('ChargePage, bank wire', () => {
  it('refuses to send before a bank account is chosen, then shows it with copy buttons', async () => {
    vi.mocked(uploadImage).mockResolvedValue('/api/common/upload/wire.jpg');
    renderPage();
    fireEvent.click(await screen.findByTestId('charge-tab-wire'));
    const submit = await screen.findByTestId('wire-submit');
    typeInto('wire-amount', '500');
    fireEvent.click(submit);
    expect(toastContents()).toEqual(['Please choose a bank account to send to']);

    fireEvent.click(await screen.findByTestId('wire-option'));
    const details = screen.getByTestId('wire-details');
    expect(within(details).getByTestId('wire-swift').textContent).toBe('HSBCHKHHHKH');
    expect(within(details).getByTestId('wire-payee-account').textContent).toBe(
      '004-123-456789-001',
    );
    expect(within(details).getAllByRole('button', { name: /^Copy / })).toHaveLength(6);

    await act(async () => {
      fireEvent.change(screen.getByTestId('wire-proof'), {
        target: { files: [new File(['x'], 'wire.jpg', { type: 'image/jpeg' })] },
      });
    });
    await act(async () => fireEvent.click(submit));
    expect(submitted.map((s) => [s.path, Object.fromEntries(s.body)])).toEqual([
      [
        '/api/quickCharge/wire_submit',
        { number: '500', proofImg: '/api/common/upload/wire.jpg', wire_id: '7' },
      ],
    ]);
  });
});

describe('ChargePage, history', () => {
  it('shows a rejected deposit with its reason, and its timeline on demand', async () => {
    renderPage();
    const record = await screen.findByTestId('deposit-record');
    expect(within(record).getByTestId('deposit-status').textContent).toBe('Rejected');
    expect(within(record).getByTestId('deposit-remark').textContent).toBe(
      'The proof shows another amount',
    );
    expect(within(record).queryByTestId('timeline')).toBeNull();

    fireEvent.click(within(record).getByTestId('record-progress'));
    const steps = within(within(record).getByTestId('timeline')).getAllByTestId('timeline-step');
    expect(steps.map((s) => s.textContent)).toEqual(['Submitted', 'Rejected']);
  });
});
