import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  type ForexDetail,
  type MyDeal,
  ORDER_STATUSES,
  type Order,
  ROUTES,
} from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import '../../../lib/antd-react19.ts';
import { loadToast } from '../../../lib/toast.ts';
import { BUY_LIMIT, EURUSD, POSITION } from '../../../testing/eurusd-orders.ts';
import { OrderPage } from './order-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

// Issue 40 on /order: the close sheet (all or part), the edit sheet of a pending order, the
// trailing stop of a position — what each sends, and the figures each shows before.

const DETAIL = {
  balance: 99_782.984,
  lock_balance: 21.6108,
  net_value: 100_009.09,
  current_margin: 217.016,
  available_prepayment: 99_792.074,
  risk_rate: 0.22,
  prepayment_ratio: 46_083.74,
  available_assets: 99_792.074,
  stop_out_level: 50,
  margin_call_level: 100,
  stop_out_at: null,
} satisfies ForexDetail;

const page = (data: Order[]): MyDeal => ({
  data,
  total: data.length,
  all_fact_profits: 9.2,
  balance: DETAIL.balance,
});

/** What the page posted, by path: each request's form fields. */
let posted: { path: string; body: Record<string, string> }[];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://x');
  const ok = (data: unknown, msg = 'ok') => Response.json({ code: 1, msg, data });
  if (init?.method === 'POST') {
    posted.push({
      path: url.pathname,
      body: Object.fromEntries(new URLSearchParams(String(init.body))),
    });
    return ok(POSITION, 'Done');
  }
  if (url.pathname === ROUTES.myDeal.path) {
    const status = Number(url.searchParams.get('status'));
    if (status === ORDER_STATUSES.holding) return ok(page([POSITION]));
    if (status === ORDER_STATUSES.pending) return ok(page([BUY_LIMIT]));
    return ok(page([]));
  }
  if (url.pathname === ROUTES.forexDetail.path) return ok(DETAIL);
  if (url.pathname === ROUTES.tradeList.path) return ok([EURUSD]);
  if (url.pathname === ROUTES.basicInfo.path) return ok({ trade_fee_type: 2 });
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

async function openDetail(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId('order-card'));
  return screen.findByTestId('order-detail');
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

const deviceZone = process.env.TZ;
beforeAll(async () => {
  process.env.TZ = 'Asia/Hong_Kong';
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterAll(() => {
  process.env.TZ = deviceZone;
});
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
});

describe('the close sheet', () => {
  it('starts at the whole position, and closes it by the ordinary close', async () => {
    renderOrders('holding');
    fireEvent.click(within(await openDetail()).getByTestId('close-order'));
    await waitFor(() => expect(text('close-pnl')).toBe('+9.20'));
    expect(text('close-lots')).toBe('0.10 of 0.10');
    expect(text('close-remaining')).toBe('0.00');
    expect(text('close-margin-level')).toBe('—');
    expect(text('close-confirm')).toBe('Close position');
    await act(async () => fireEvent.click(screen.getByTestId('close-confirm')));
    expect(posted).toEqual([{ path: ROUTES.closeOrder.path, body: { id: '51' } }]);
  });

  it('closes half with the slider: the part’s P&L, the margin back and the level after', async () => {
    renderOrders('holding');
    fireEvent.click(within(await openDetail()).getByTestId('close-order'));
    const slider = await screen.findByTestId('close-slider');
    expect([slider.getAttribute('min'), slider.getAttribute('max')]).toEqual(['1', '10']);
    fireEvent.change(slider, { target: { value: '5' } });
    expect(text('close-lots')).toBe('0.05 of 0.10');
    expect(slider.getAttribute('aria-valuetext')).toBe('0.05 of 0.10');
    expect(text('close-price')).toBe('1.08600');
    // (1.08600 − 1.08508) × 0.05 lot × 100 000: +4.60 USD; half the margin, 108.508, back.
    expect(text('close-pnl')).toBe('+4.60');
    expect(text('close-margin')).toBe('108.51');
    expect(text('close-remaining')).toBe('0.05');
    // 100 009.09 ÷ 108.508, rounded down.
    expect(text('close-margin-level')).toBe('92,167.48%');
    // Exact a tap away, as every figure of money.
    fireEvent.click(within(screen.getByTestId('close-pnl')).getByRole('button'));
    expect(text('close-pnl')).toBe('+4.600000');
    expect(text('close-confirm')).toBe('Close 0.05 lots');
    await act(async () => fireEvent.click(screen.getByTestId('close-confirm')));
    expect(posted).toEqual([{ path: ROUTES.closePart.path, body: { id: '51', lots: '0.05' } }]);
  });

  it('takes quick shares of the position, on the lot step', async () => {
    renderOrders('holding');
    fireEvent.click(within(await openDetail()).getByTestId('close-order'));
    await screen.findByTestId('close-slider');
    fireEvent.click(screen.getByTestId('close-share-25'));
    expect(text('close-lots')).toBe('0.02 of 0.10');
    fireEvent.click(screen.getByTestId('close-share-100'));
    expect(text('close-lots')).toBe('0.10 of 0.10');
  });
});

describe('the trailing stop of a position', () => {
  it('is set from the detail, its distance in price with its points', async () => {
    renderOrders('holding');
    const detail = await openDetail();
    fireEvent.click(within(detail).getByText('Trailing stop'));
    const distance = within(detail).getByLabelText('Trailing distance');
    // Ticked, it starts a stop's distance behind the bid: 1 % of 1.08600.
    expect((distance as HTMLInputElement).value).toBe('0.01086');
    fireEvent.change(distance, { target: { value: '0.00100' } });
    expect(text('detail-trailing-points')).toBe('100 points');
    await act(async () => fireEvent.click(within(detail).getByTestId('save-trailing')));
    expect(posted).toEqual([
      {
        path: ROUTES.setTrailing.path,
        body: { id: '51', distance: '0.00100', activation_price: '0' },
      },
    ]);
  });

  it('says an activation price behind the bid, and sends nothing', async () => {
    renderOrders('holding');
    const detail = await openDetail();
    fireEvent.click(within(detail).getByText('Trailing stop'));
    fireEvent.change(within(detail).getByLabelText('Activate at'), {
      target: { value: '1.08500' },
    });
    const says = 'The activation price must be above 1.08600 for a buy';
    expect(text('detail-trailing-error')).toBe(says);
    fireEvent.click(within(detail).getByTestId('save-trailing'));
    expect(Toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: says }));
    expect(posted).toEqual([]);
  });
});

describe('the edit sheet of a pending order', () => {
  it('moves the price a point, drops the stop loss and keeps the expiry as it was', async () => {
    renderOrders('pending');
    fireEvent.click(within(await openDetail()).getByTestId('edit-order'));
    const sheet = await screen.findByTestId('edit-sheet');
    const price = within(sheet).getByLabelText<HTMLInputElement>('Order price');
    expect(price.value).toBe('1.08000');
    fireEvent.click(within(sheet).getByTestId('edit-price-down'));
    expect(price.value).toBe('1.07999');
    // The reserve now, and at the new price: margin and fee of 0.01 lot at 1.07999.
    expect(text('edit-reserve-now')).toBe('21.61');
    await waitFor(() => expect(text('edit-reserve-new')).toBe('21.61'));
    fireEvent.change(price, { target: { value: '1.07950' } });
    expect(text('edit-reserve-new')).toBe('21.60');
    fireEvent.click(within(sheet).getByText('Stop loss'));
    await act(async () => fireEvent.click(within(sheet).getByTestId('edit-save')));
    expect(posted).toEqual([
      {
        path: ROUTES.modifyPending.path,
        body: { id: '61', price: '1.07950', stop_loss: '0', take_profit: '0' },
      },
    ]);
  });

  it('sends a new expiry, and refuses a price over the ask (a Buy Stop) without asking', async () => {
    renderOrders('pending');
    fireEvent.click(within(await openDetail()).getByTestId('edit-order'));
    const sheet = await screen.findByTestId('edit-sheet');
    await waitFor(() => expect(text('edit-fills-on')).toBe('1.08608'));
    fireEvent.change(within(sheet).getByLabelText('Order price'), {
      target: { value: '1.08700' },
    });
    expect(text('edit-price-error')).toBe(
      'At this price it would be a Buy Stop: cancel the order and place a new one instead',
    );
    await act(async () => fireEvent.click(within(sheet).getByTestId('edit-save')));
    expect(posted).toEqual([]);
    fireEvent.change(within(sheet).getByLabelText('Order price'), {
      target: { value: '1.08100' },
    });
    fireEvent.click(within(sheet).getByText('Today'));
    await act(async () => fireEvent.click(within(sheet).getByTestId('edit-save')));
    expect(posted).toEqual([
      {
        path: ROUTES.modifyPending.path,
        body: {
          id: '61',
          price: '1.08100',
          stop_loss: '1.07500',
          take_profit: '0',
          expire_at: 'today',
        },
      },
    ]);
  });
});
