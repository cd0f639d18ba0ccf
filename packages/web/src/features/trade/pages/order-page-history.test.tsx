import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { type MyDeal, ORDER_STATUSES, type Order } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { loadToast } from '../../../lib/toast.ts';
import { myDealQuery } from '../api/orders-api.ts';
import { OrderPage } from './order-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

/** A closed EURUSD buy (the wire's order, SPEC.md §3). */
function closed(Id: number): Order {
  return {
    Id,
    ForexId: 1,
    ForexTradeLists: { ShowCode: 'EURUSD', Code: 'EURUSD', PricePrecision: 5 },
    OrderType: 1,
    Status: 3,
    Quantity: 0.1,
    Multiple: 50,
    OriginPrice: 1.08512,
    Price: 1.08512,
    UpdatePrice: 1.08504,
    FactProfits: -0.8,
    CautionMoney: 217.024,
    TradeFee: 0.108512,
    TargetLossPrice: 0,
    TargetProfitPrice: 0,
    ClosePrice: 1.08504,
    CloseReason: 'manual',
    CreateTimeHandler: '2026-11-03 15:00:11',
    CloseTimeHandler: '2026-11-03 15:00:12',
    TrailingDistance: 0,
    TrailingActivation: 0,
    StopMovedTimeHandler: null,
    ExpireTimeHandler: null,
    PartOf: null,
  };
}

const HISTORY: MyDeal = {
  data: [closed(41), closed(42)],
  total: 2,
  all_fact_profits: -1.6,
  balance: 0,
};

/** A demo account with no open position (GET forexDetail). */
const ACCOUNT = {
  balance: 100_000,
  lock_balance: 0,
  net_value: 100_000,
  available_prepayment: 100_000,
  current_margin: 0,
  risk_rate: 0,
  prepayment_ratio: 0,
  available_assets: 100_000,
  stop_out_level: 50,
  margin_call_level: 100,
  stop_out_at: null,
};

/** The server, until `failing`: then every call fails as a dropped network does. */
let failing = false;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  if (failing) throw new TypeError('Failed to fetch');
  const url = new URL(String(input), 'http://x');
  if (url.pathname === '/v1/api/forex/my_deal') {
    const status = Number(url.searchParams.get('status'));
    return Response.json({
      code: 1,
      msg: 'ok',
      data: status === ORDER_STATUSES.history ? HISTORY : { ...HISTORY, data: [], total: 0 },
    });
  }
  if (url.pathname === '/v1/api/main/account/forexDetail') {
    return Response.json({ code: 1, msg: 'ok', data: ACCOUNT });
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

const NETWORK_ERROR = 'Network error (0), please try again';
const toasted = () => vi.mocked(Toast.show).mock.calls.map(([props]) => props);
const historyRows = () =>
  screen
    .getByTestId(`order-list-${ORDER_STATUSES.history}`)
    .querySelectorAll('[data-testid=order-card]');

function renderHistory() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/order', state: { tab: 'history' } }]}>
        <OrderPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const refresh = () =>
    act(() => client.invalidateQueries({ queryKey: myDealQuery(ORDER_STATUSES.history).queryKey }));
  return { refresh };
}

beforeAll(async () => {
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  failing = false;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
  onlineManager.setOnline(true);
});

describe('order history when its request fails (SPEC.md §8)', () => {
  it('keeps the rows shown and toasts the network error on a failed refresh', async () => {
    const { refresh } = renderHistory();
    await vi.waitFor(() => expect(historyRows()).toHaveLength(2));

    failing = true;
    await refresh();
    await vi.waitFor(() => expect(toasted()).toContainEqual({ content: NETWORK_ERROR }));
    expect(historyRows()).toHaveLength(2);
  });

  it('tries the refresh while the device is offline: rows kept, error toasted, no endless wait', async () => {
    const { refresh } = renderHistory();
    await vi.waitFor(() => expect(historyRows()).toHaveLength(2));

    onlineManager.setOnline(false);
    failing = true;
    await refresh();
    await vi.waitFor(() => expect(toasted()).toContainEqual({ content: NETWORK_ERROR }));
    expect(historyRows()).toHaveLength(2);
  });

  it('says nothing is there only when the server said so, not when the request failed', async () => {
    failing = true;
    renderHistory();
    await vi.waitFor(() => expect(toasted()).toContainEqual({ content: NETWORK_ERROR }));
    expect(screen.queryByText(en['order.empty'])).toBeNull();
  });
});
