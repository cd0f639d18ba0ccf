import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ForexDetail } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { OrderPage } from './order-page.tsx';

/** forexDetail after a 1-lot EURUSD buy at 1.08508, 1:100, marked at 1.08500 (server figures). */
const WITH_POSITION: ForexDetail = {
  balance: 98_914.37746,
  lock_balance: 0,
  net_value: 99_991.45746,
  available_prepayment: 98_906.37746,
  current_margin: 1085.08,
  risk_rate: 1.09,
  prepayment_ratio: 9215.12,
  available_assets: 98_906.37746,
  stop_out_level: 50,
  margin_call_level: 100,
  stop_out_at: null,
};
const NO_POSITION: ForexDetail = {
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

let detail: ForexDetail;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url.startsWith('/v1/api/main/account/forexDetail')) {
    return Response.json({ code: 1, msg: 'ok', data: detail });
  }
  if (url.startsWith('/v1/api/forex/my_deal')) {
    const page = { data: [], total: 0, all_fact_profits: 0, balance: detail.balance };
    return Response.json({ code: 1, msg: 'ok', data: page });
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function renderPage(
  page = <OrderPage />,
  entry: string | { pathname: string; state: unknown } = '/order',
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The summary's figure `key` once forexDetail has answered. */
async function figure(key: string): Promise<HTMLElement> {
  const cell = screen.getByTestId(`summary-${key}`);
  await waitFor(() => expect(cell.textContent).not.toBe('—'));
  return cell;
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderPage account figures', () => {
  it("shows MT5's five figures and the stop-out level from forexDetail", async () => {
    detail = WITH_POSITION;
    renderPage();
    expect((await figure('balance')).textContent).toBe('98,914.38');
    expect(screen.getByTestId('summary-equity').textContent).toBe('99,991.46');
    expect(screen.getByTestId('summary-margin').textContent).toBe('1,085.08');
    expect(screen.getByTestId('summary-free-margin').textContent).toBe('98,906.38');
    expect(screen.getByTestId('summary-margin-level').textContent).toBe('9,215.12%');
    expect(screen.getByTestId('summary-stop-out').textContent).toBe('50.00%');
    // "Balance" alone read as the money in the account; this one is what margin left.
    const summary = screen.getByTestId('orders-summary');
    for (const label of [
      'Available balance',
      'Equity',
      'Margin',
      'Free margin',
      'Margin level',
      'Stop-out level',
    ]) {
      expect(summary.textContent).toContain(label);
    }
    // Numbers keep their order (sign, digits, "%") in a right-to-left page.
    expect(screen.getByTestId('summary-margin-level').getAttribute('dir')).toBe('ltr');
    expect(screen.queryByTestId('summary-margin-call')).toBeNull();
  });

  it('shows no margin level without open positions (the wire says 0)', async () => {
    detail = NO_POSITION;
    renderPage();
    expect((await figure('equity')).textContent).toBe('100,000.00');
    expect(screen.getByTestId('summary-margin-level').textContent).toBe('—');
    expect(screen.getByTestId('summary-stop-out').textContent).toBe('50.00%');
    expect(screen.queryByTestId('summary-margin-call')).toBeNull();
  });

  it('is in margin call below the margin call level, not at it (issue 40)', async () => {
    detail = { ...WITH_POSITION, net_value: 1085.08, prepayment_ratio: 100 };
    const { unmount } = renderPage();
    await figure('margin-level');
    expect(screen.queryByTestId('summary-margin-call')).toBeNull();
    unmount();

    const stopOutAt = { Id: 1, Code: 'EURUSD', PricePrecision: 5, Price: 1.07012 };
    detail = {
      ...WITH_POSITION,
      net_value: 1084.97,
      prepayment_ratio: 99.98,
      stop_out_at: stopOutAt,
    };
    const second = renderPage();
    const level = await figure('margin-level');
    expect(level.textContent).toBe('99.98%');
    expect(level.parentElement?.classList.contains('margin-call')).toBe(true);
    const call = screen.getByTestId('summary-margin-call');
    expect(call.textContent).toContain('Margin call');
    expect(call.textContent).toContain(
      'Margin level 99.98% is below the margin call level of 100.00%.',
    );
    expect(screen.getByTestId('summary-stop-out-at').textContent).toBe(
      'Stop-out if EURUSD reaches 1.07012',
    );
    second.unmount();

    // The server's own level: 150 % puts 120 % in margin call; no price of the largest position
    // would bring stop-out (Price 0), so none is named.
    detail = {
      ...WITH_POSITION,
      prepayment_ratio: 120,
      margin_call_level: 150,
      stop_out_at: { ...stopOutAt, Price: 0 },
    };
    renderPage();
    await figure('margin-level');
    expect(screen.getByTestId('summary-margin-call').textContent).toContain('of 150.00%');
    expect(screen.queryByTestId('summary-stop-out-at')).toBeNull();
  });
});

describe('OrderPage words a trader knows (issue 37, MT5 and Binance terms)', () => {
  it('names the tabs, the summary and each empty list as MT5 and Binance do', async () => {
    detail = WITH_POSITION;
    renderPage();
    await figure('balance');
    const tabs = [...document.querySelectorAll('.adm-tabs-tab')].map((tab) => tab.textContent);
    expect(tabs).toEqual(['Positions', 'Pending', 'History']);
    const summary = screen.getByTestId('orders-summary');
    // Used margin ÷ equity is Binance's margin ratio; MT5's margin level (its inverse) below.
    expect(summary.textContent).toContain('Margin ratio');
    expect(screen.getByTestId('summary-margin-ratio').textContent).toBe('1.09%');
    expect(summary.textContent).toContain('Available balance');
    for (const word of ['Hazard rate', 'Balance after margin', 'Holding', 'Dealing']) {
      expect(document.body.textContent).not.toContain(word);
    }
    // An empty list says what it has none of: positions are not orders.
    expect((await screen.findByTestId('order-empty')).textContent).toBe('No open positions');
    await act(async () => fireEvent.click(screen.getByText('Pending')));
    await waitFor(() =>
      expect(screen.getByTestId('order-empty').textContent).toBe('No pending orders'),
    );
    await act(async () => fireEvent.click(screen.getByText('History')));
    await waitFor(() =>
      expect(screen.getByTestId('order-empty').textContent).toBe('No orders yet'),
    );
  });
});

describe('OrderPage tabs another feature provides', () => {
  const copiesTab = [{ key: 'copies', title: 'Copies', render: () => <p>the copies</p> }];

  it('shows them beside the order lists, rendered when chosen', async () => {
    detail = NO_POSITION;
    renderPage(<OrderPage extraTabs={copiesTab} />);
    expect(await screen.findByTestId('order-list-1')).toBeDefined();
    expect(screen.queryByText('the copies')).toBeNull();
    await act(async () => fireEvent.click(screen.getByText('Copies')));
    expect(screen.getByText('the copies')).toBeDefined();
    expect(screen.queryByTestId('order-list-1')).toBeNull();
  });

  it('opens one named by the navigation state', () => {
    detail = NO_POSITION;
    renderPage(<OrderPage extraTabs={copiesTab} />, {
      pathname: '/order',
      state: { tab: 'copies' },
    });
    expect(screen.getByText('the copies')).toBeDefined();
  });
});
