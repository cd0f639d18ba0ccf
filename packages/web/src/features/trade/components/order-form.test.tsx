import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Instrument, User } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { loadToast } from '../../../lib/toast.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { OrderForm } from './order-form.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
  Dialog: { show: vi.fn(() => ({ close: vi.fn() })), confirm: vi.fn() },
}));

const EURUSD: Instrument = {
  Id: 1,
  Code: 'EURUSD',
  ShowCode: 'EURUSD',
  Name: 'Euro / US Dollar',
  Logo: '',
  CategoryId: 1,
  MarketStatus: 1,
  NextOpen: null,
  PricePrecision: 5,
  Pip: 0.01,
  ForexMinCont: 0.01,
  ForexMaxCont: 50,
  ForexContNum: 100000,
  ForexFeeRate: 0.0005,
  MarginMode: 0,
  HasForexMultiple: [{ Value: 100 }],
  Spread: 0.00008,
  QuoteCurrency: 'USD',
  CalcMode: 'forex',
  MarginCurrency: 'EUR',
  Schedule: 'forex',
  Bid: 1.085,
  Ask: 1.08508,
  Seq: 1,
  ForexQuotations: { Open: 1.08, Close: 1.085, Change: 0, High: 1.09, Low: 1.08, Volume: 0 },
};

/** The orders the server was sent, as their form fields. */
const submitted: Record<string, string>[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  const ok = (data: unknown) => Response.json({ code: 1, msg: 'OK', data });
  if (url.startsWith('/api/basicSet/getBasicInfo')) return ok({ trade_fee_type: 2 });
  if (url.startsWith('/v1/api/main/account/forexDetail')) return ok({ available_assets: 1000 });
  if (url.startsWith('/v1/api/forex/submit')) {
    submitted.push(Object.fromEntries(new URLSearchParams(String(init?.body))));
    return ok({ Id: 1, OrderType: 1, Status: 1, Quantity: 0.01, Price: 1.08508 });
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // EURUSD converts its own margin currency, the euro, to USD.
  const tree = (instrument: Instrument) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/trade']}>
        <OrderForm instrument={instrument} instruments={[instrument]} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(tree(EURUSD));
  return { quote: (instrument: Instrument) => view.rerender(tree(instrument)) };
}

const lotsField = () => screen.getByLabelText<HTMLInputElement>('Lots');
const typeLots = (value: string) => fireEvent.change(lotsField(), { target: { value } });
const send = () => act(async () => fireEvent.click(screen.getByTestId('order-submit')));
const tick = (box: 'Stop loss' | 'Take profit') =>
  fireEvent.click(screen.getByRole('checkbox', { name: box }));
const stopLoss = () => screen.getByLabelText<HTMLInputElement>('Stop-loss price').value;
const takeProfit = () => screen.getByLabelText<HTMLInputElement>('Take-profit price').value;
const chooseSide = (side: 'Buy' | 'Sell') =>
  fireEvent.click(
    screen
      .getByTestId('order-form')
      .querySelector('.order-side')!
      .querySelector(`.adm-selector-item:nth-child(${side === 'Buy' ? 1 : 2})`)!,
  );

beforeAll(async () => {
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  submitted.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'session-token', user: { uid: '7', is_demo: 1 } as User });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
});

describe('the order form', () => {
  it('sends lots on the step as typed', async () => {
    renderForm();
    expect(lotsField().value).toBe('0.01');
    typeLots('0.02');
    fireEvent.blur(lotsField());
    expect(screen.queryByTestId('order-lots-error')).toBeNull();
    // 0.02 × 100 000 EUR / 100 at the EURUSD ask 1.08508.
    expect(screen.getByTestId('order-margin').textContent).toBe('21.70');
    await send();
    expect(submitted).toEqual([expect.objectContaining({ cont: '0.02', type: '1', status: '1' })]);
  });

  it.each([
    ['', 'Enter at least 0.01 lots'],
    ['0', 'Enter at least 0.01 lots'],
    ['0.015', 'Lots must be a multiple of 0.01'],
    ['51', 'Enter at most 50 lots'],
  ])('says under the field what is wrong with lots "%s" and places nothing', async (lots, says) => {
    renderForm();
    typeLots(lots);
    fireEvent.blur(lotsField());
    // Left as typed: nothing stands in for the lots the trader gave.
    expect(lotsField().value).toBe(lots);
    expect(screen.getByTestId('order-lots-error').textContent).toBe(says);
    // No margin, fee or P&L of an order that cannot be placed.
    tick('Stop loss');
    expect(screen.getByTestId('order-margin').textContent).toBe('—');
    expect(screen.queryByTestId('order-sl-pnl')).toBeNull();
    await send();
    expect(submitted).toEqual([]);
    expect(screen.getByTestId('order-lots-error').textContent).toBe(says);
  });

  it('starts a buy’s stop loss under the bid and its take profit over it, with the P&L at each', async () => {
    renderForm();
    tick('Stop loss');
    tick('Take profit');
    // 1 % of the bid 1.08500 away: 0.01085.
    expect([stopLoss(), takeProfit()]).toEqual(['1.07415', '1.09585']);
    // 0.01 lot bought at the ask 1.08508: (1.07415 − 1.08508) × 1 000 = −10.93.
    expect(screen.getByTestId('order-sl-pnl').textContent).toBe('-10.93 USD');
    expect(screen.getByTestId('order-tp-pnl').textContent).toBe('+10.77 USD');
    expect(screen.getByTestId('order-sl').closest('.order-stop')?.textContent).toContain(
      'Profit/loss if reached',
    );
    typeLots('0.1');
    expect(screen.getByTestId('order-sl-pnl').textContent).toBe('-109.30 USD');
    await send();
    expect(submitted).toEqual([
      expect.objectContaining({ stop_loss_price: '1.07415', target_profit_price: '1.09585' }),
    ]);
  });

  it('starts a sell’s stops on the other sides, of the ask', () => {
    renderForm();
    chooseSide('Sell');
    tick('Stop loss');
    tick('Take profit');
    expect([stopLoss(), takeProfit()]).toEqual(['1.09594', '1.07422']);
    // 0.01 lot sold at the bid 1.08500.
    expect(screen.getByTestId('order-sl-pnl').textContent).toBe('-10.94 USD');
    expect(screen.getByTestId('order-tp-pnl').textContent).toBe('+10.78 USD');
  });

  it('moves every ticked stop to its new side when buy becomes sell, keeping its distance', () => {
    renderForm();
    tick('Stop loss');
    tick('Take profit');
    // A typed stop loss 100 points under the bid; the take profit as it started.
    fireEvent.change(screen.getByLabelText('Stop-loss price'), { target: { value: '1.08400' } });
    chooseSide('Sell');
    expect([stopLoss(), takeProfit()]).toEqual(['1.08608', '1.07423']);
    expect(screen.getByTestId('order-sl-pnl').textContent).toBe('-1.08 USD');
    chooseSide('Buy');
    expect([stopLoss(), takeProfit()]).toEqual(['1.08400', '1.09585']);
  });

  it('shows the price on each side: the ask on Buy, the bid on Sell, as it moves', () => {
    const { quote } = renderForm();
    expect(screen.getByTestId('order-buy-price').textContent).toBe('1.08508');
    expect(screen.getByTestId('order-sell-price').textContent).toBe('1.08500');
    quote({ ...EURUSD, Bid: 1.0851, Ask: 1.08518 });
    expect(screen.getByTestId('order-buy-price').textContent).toBe('1.08518');
    expect(screen.getByTestId('order-sell-price').textContent).toBe('1.08510');
  });

  it('shows margin and fee to the cent, each exact a tap away', () => {
    renderForm();
    // 0.01 lot at the ask 1.08508, 1:100: 10.8508 margin, 0.0054254 → 0.005425 fee.
    const fee = screen.getByTestId('order-fee');
    expect(fee.textContent).toBe('0.01');
    fireEvent.click(fee.querySelector('button')!);
    expect(fee.textContent).toBe('0.005425');
    fireEvent.click(fee.querySelector('button')!);
    expect(fee.textContent).toBe('0.01');
    const margin = screen.getByTestId('order-margin');
    expect(margin.textContent).toBe('10.85');
    fireEvent.click(margin.querySelector('button')!);
    expect(margin.textContent).toBe('10.850800');
  });
});

describe('a pending order', () => {
  const button = () => screen.getByTestId('order-submit').textContent;
  const pending = () =>
    fireEvent.click(
      screen
        .getByTestId('order-form')
        .querySelector('.order-mode .adm-selector-item:nth-child(2)')!,
    );
  const typeTarget = (value: string) =>
    fireEvent.change(screen.getByLabelText('Order price'), { target: { value } });

  it.each([
    ['Buy', '1.0825', 'Buy Limit 1.08250'],
    ['Buy', '1.08508', 'Buy Limit 1.08508'],
    ['Buy', '1.0875', 'Buy Stop 1.08750'],
    ['Sell', '1.0875', 'Sell Limit 1.08750'],
    ['Sell', '1.085', 'Sell Limit 1.08500'],
    ['Sell', '1.0825', 'Sell Stop 1.08250'],
  ] as const)('names the button by its type and price: %s at %s → %s', (side, target, says) => {
    renderForm();
    chooseSide(side);
    pending();
    expect(button()).toBe(side);
    typeTarget(target);
    expect(button()).toBe(says);
  });

  it('says a stop loss on the wrong side of its price beside the field, with no P&L, and refuses it with the same words', async () => {
    renderForm();
    pending();
    typeTarget('1.08250');
    tick('Stop loss');
    // Started 1 % under the price: fine, with its P&L.
    expect(stopLoss()).toBe('1.07167');
    expect(screen.queryByTestId('order-sl-error')).toBeNull();
    expect(screen.getByTestId('order-sl-pnl').textContent).toBe('-10.83 USD');
    // Above the price of a buy limit: it would be a profit "if reached", and is refused.
    fireEvent.change(screen.getByLabelText('Stop-loss price'), { target: { value: '1.08532' } });
    const says = 'Stop loss must be below the order price 1.08250 for a buy';
    expect(screen.getByTestId('order-sl-error').textContent).toBe(says);
    expect(screen.getByTestId('order-sl-error').getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('order-sl-pnl')).toBeNull();
    await send();
    expect(submitted).toEqual([]);
    expect(Toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: says }));
    // Back on its side: the words go, the P&L comes back.
    fireEvent.change(screen.getByLabelText('Stop-loss price'), { target: { value: '1.08000' } });
    expect(screen.queryByTestId('order-sl-error')).toBeNull();
    expect(screen.getByTestId('order-sl-pnl').textContent).toBe('-2.50 USD');
  });

  it('says a sell’s take profit above its price is on the wrong side', () => {
    renderForm();
    chooseSide('Sell');
    pending();
    typeTarget('1.08750');
    tick('Take profit');
    fireEvent.change(screen.getByLabelText('Take-profit price'), { target: { value: '1.09000' } });
    expect(screen.getByTestId('order-tp-error').textContent).toBe(
      'Take profit must be below the order price 1.08750 for a sell',
    );
    expect(screen.queryByTestId('order-tp-pnl')).toBeNull();
  });
});

describe('a market order’s stops on the wrong side', () => {
  it('are judged against the price it closes at: a buy’s stop loss under the bid', async () => {
    renderForm();
    tick('Stop loss');
    // Under the ask the buy opens at, yet over the bid it closes at: the server refuses it.
    fireEvent.change(screen.getByLabelText('Stop-loss price'), { target: { value: '1.08504' } });
    const says = 'Stop loss must be below the Bid 1.08500 for a buy';
    expect(screen.getByTestId('order-sl-error').textContent).toBe(says);
    expect(screen.queryByTestId('order-sl-pnl')).toBeNull();
    await send();
    expect(submitted).toEqual([]);
    expect(Toast.show).toHaveBeenCalledWith(expect.objectContaining({ content: says }));
  });

  it('a sell’s take profit over the ask', () => {
    renderForm();
    chooseSide('Sell');
    tick('Take profit');
    fireEvent.change(screen.getByLabelText('Take-profit price'), { target: { value: '1.08600' } });
    expect(screen.getByTestId('order-tp-error').textContent).toBe(
      'Take profit must be below the Ask 1.08508 for a sell',
    );
  });

  it('sends a trailing stop from the start, counted in points, and a pending order’s expiry', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Trailing stop' }));
    // Ticked: a stop's distance behind the bid, 1 % of 1.08500.
    const distance = screen.getByLabelText<HTMLInputElement>('Trailing distance');
    expect(distance.value).toBe('0.01085');
    fireEvent.change(distance, { target: { value: '0.00150' } });
    expect(screen.getByTestId('order-trailing-points').textContent).toBe('150 points');
    // Pending at 1.08300, expiring at the end of today's session.
    fireEvent.click(screen.getByText('Pending'));
    fireEvent.change(screen.getByLabelText('Order price'), { target: { value: '1.08300' } });
    fireEvent.click(screen.getByText('Today'));
    await send();
    expect(submitted).toEqual([
      expect.objectContaining({
        status: '0',
        target_price: '1.08300',
        trailing_distance: '0.00150',
        trailing_activation: '0',
        expire_at: 'today',
      }),
    ]);
  });

  it('says an expiry already past under the field, and places nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByText('Pending'));
    fireEvent.change(screen.getByLabelText('Order price'), { target: { value: '1.08300' } });
    fireEvent.click(screen.getByText('Date & time'));
    const at = screen.getByTestId('order-expiry-at');
    // Chosen, it starts a day ahead: good to send.
    expect(screen.queryByTestId('order-expiry-error')).toBeNull();
    fireEvent.change(at, { target: { value: '2020-01-01T10:00' } });
    expect(screen.getByTestId('order-expiry-error').textContent).toBe(
      'The expiry must be in the future',
    );
    await send();
    expect(submitted).toEqual([]);
  });
});
