import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Instrument } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en.json';
import hk from '../../../i18n/locales/hk.json';
import '../../../lib/antd-react19.ts';
import { tradeListQuery } from '../api/market-api.ts';
import { ProductPage } from './product-page.tsx';

const quote = { Open: 1, Close: 1, Change: 0, High: 1, Low: 1, Volume: 0 };
function instrument(Id: number, Code: string, Name: string): Instrument {
  return {
    Id,
    Code,
    ShowCode: Code,
    Name,
    Logo: '',
    CategoryId: 1,
    MarketStatus: 1,
    NextOpen: null,
    PricePrecision: 2,
    Pip: 0.01,
    ForexMinCont: 0.01,
    ForexMaxCont: 20,
    ForexContNum: 100,
    ForexFeeRate: 0.0005,
    MarginMode: 0,
    HasForexMultiple: [{ Value: 20 }],
    Spread: 0.3,
    QuoteCurrency: 'USD',
    CalcMode: 'cfd',
    MarginCurrency: 'USD',
    Schedule: 'metals',
    Bid: 1,
    Ask: 1,
    Seq: 1,
    ForexQuotations: quote,
  };
}
const LIST = [
  instrument(1, 'EURUSD', 'Euro / US Dollar'),
  instrument(13, 'XAUUSD', 'Gold / US Dollar'),
  instrument(14, 'XAGUSD', 'Silver / US Dollar'),
];

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'hk',
    resources: { en: { translation: en }, hk: { translation: hk } },
  });
});
afterEach(cleanup);

/** The search page over the trade list as the app has it (loaded on the home page). */
function renderSearch() {
  const client = new QueryClient();
  client.setQueryData(tradeListQuery.queryKey, LIST);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProductPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const search = (text: string) =>
  act(() => void fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } }));
const rows = () =>
  [...document.querySelectorAll('[data-testid=search-results] .market-row')].map((row) => ({
    code: row.getAttribute('data-code'),
    name: row.querySelector('.market-name')?.textContent,
  }));

describe('instrument search', () => {
  it('finds by the name the trader reads, the English one and the code, and shows names translated', async () => {
    renderSearch();
    await search('黃金');
    expect(rows()).toEqual([{ code: 'XAUUSD', name: '黃金 / 美元' }]);
    await search('silver');
    expect(rows()).toEqual([{ code: 'XAGUSD', name: '白銀 / 美元' }]);
    await search('eur');
    expect(rows()).toEqual([{ code: 'EURUSD', name: '歐元 / 美元' }]);
    // A name is cut at its own end, whichever way the page reads.
    expect(document.querySelector('.market-name')?.getAttribute('dir')).toBe('auto');
    await search('銅');
    expect(rows()).toEqual([]);
    expect(screen.getByText(hk['market.no_results'])).toBeTruthy();
  });
});
