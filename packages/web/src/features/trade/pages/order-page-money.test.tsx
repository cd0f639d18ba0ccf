import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type MyDeal, ORDER_STATUSES, type Order } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { loadToast } from '../../../lib/toast.ts';
import { OrderPage } from './order-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

/** A EURUSD buy of 0.1 lot at 1.08512, 1:50, marked at the bid 1.08590 (SPEC.md §3). */
const POSITION: Order = {
  Id: 51,
  ForexId: 1,
  ForexTradeLists: { ShowCode: 'EURUSD', Code: 'EURUSD', PricePrecision: 5 },
  OrderType: 1,
  Status: 1,
  Quantity: 0.1,
  Multiple: 50,
  OriginPrice: 1.08512,
  Price: 1.08512,
  UpdatePrice: 1.0859,
  FactProfits: 0.7798,
  CautionMoney: 217.024,
  TradeFee: 0.108512,
  TargetLossPrice: 1.0801,
  TargetProfitPrice: 0,
  ClosePrice: 0,
  CloseReason: null,
  CreateTimeHandler: '2026-11-03 15:00:11',
  CloseTimeHandler: null,
  TrailingDistance: 0,
  TrailingActivation: 0,
  StopMovedTimeHandler: null,
  ExpireTimeHandler: null,
  PartOf: null,
};

/** A sell waiting at 1.08300 under the bid 1.08590: a Sell Stop, with both its stops. */
const SELL_STOP: Order = {
  ...POSITION,
  Id: 52,
  OrderType: 2,
  Status: 0,
  OriginPrice: 1.083,
  Price: 0,
  UpdatePrice: 1.0859,
  FactProfits: 0,
  CautionMoney: 216.65415,
  TradeFee: 0.10815,
  TargetLossPrice: 1.086,
  TargetProfitPrice: 1.078,
};

const page = (data: Order[], profits: number): MyDeal => ({
  data,
  total: data.length,
  all_fact_profits: profits,
  balance: 99_000,
});

const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = new URL(String(input), 'http://x');
  const ok = (data: unknown) => Response.json({ code: 1, msg: 'ok', data });
  if (url.pathname === '/v1/api/forex/my_deal') {
    const status = Number(url.searchParams.get('status'));
    if (status === ORDER_STATUSES.holding) return ok(page([POSITION], 0.7798));
    if (status === ORDER_STATUSES.pending) return ok(page([SELL_STOP], 0));
    return ok(page([], 0));
  }
  if (url.pathname === '/v1/api/main/account/forexDetail') return ok({ balance: 99_000 });
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function renderOrders(tab: 'holding' | 'pending') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/order', state: { tab } }]}>
        <OrderPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The detail sheet's row `label`, as a trader reads it. */
const row = (label: string) =>
  within(screen.getByTestId('order-detail')).getByText(label).nextElementSibling?.textContent;

beforeAll(async () => {
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
});

describe('an open position’s money', () => {
  it('shows to the cent on its card, net of its fee, and exact a tap away', async () => {
    renderOrders('holding');
    const card = await screen.findByTestId('order-card');
    // +0.7798 floating, 0.108512 paid at open: +0.671288 for the trader.
    expect(within(card).getByTestId('order-profit').textContent).toBe('+0.67');
    expect(card.textContent).toContain('Net of fees');
    expect(within(card).getByTestId('order-card-sl').textContent).toBe('1.08010');
    // The summary's profit is money too: to the cent.
    expect(screen.getByTestId('summary-profit').textContent).toBe('+0.78');
    fireEvent.click(card);
    await screen.findByTestId('order-detail');
    expect(row('Net P&L')).toBe('+0.671288');
    expect(row('P&L before fees')).toBe('+0.779800');
    expect(row('Fee')).toBe('0.108512');
    expect(row('Margin')).toBe('217.02');
  });

  it('says a stop loss typed over the bid in the detail, and saves nothing', async () => {
    renderOrders('holding');
    fireEvent.click(await screen.findByTestId('order-card'));
    const detail = await screen.findByTestId('order-detail');
    fireEvent.change(within(detail).getByLabelText('Stop-loss price'), {
      target: { value: '1.08600' },
    });
    const says = 'Stop loss must be below the Bid 1.08590 for a buy';
    expect(within(detail).getByTestId('detail-sl-error').textContent).toBe(says);
    fireEvent.click(within(detail).getByTestId('save-stops'));
    expect(Toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: says }));
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).includes('/forex/set_stop_price')),
    ).toBe(false);
  });
});

describe('a pending order', () => {
  it('is named by its type on its card and in its detail, with its stops', async () => {
    renderOrders('pending');
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByTestId('order-type').textContent).toBe('Sell Stop 0.1');
    expect(within(card).getByTestId('order-stops').textContent).toBe(
      'Stop loss 1.08600Take profit 1.07800',
    );
    fireEvent.click(card);
    await screen.findByTestId('order-detail');
    expect(row('Direction')).toBe('Sell Stop');
    expect(row('Reserved')).toBe('216.65');
  });
});
