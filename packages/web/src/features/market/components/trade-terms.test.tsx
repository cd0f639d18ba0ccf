import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ar from '../../../i18n/locales/ar.json';
import en from '../../../i18n/locales/en.json';
import hk from '../../../i18n/locales/hk.json';
import type { InstrumentTerms } from '../api/market-api.ts';
import { TradeTerms } from './trade-terms.tsx';

// The trader's phone is in Hong Kong (put back after: the worker may run other files).
const zoneBefore = process.env.TZ;
process.env.TZ = 'Asia/Hong_Kong';
// Tuesday 3 November 2026, 10:00 in New York (EST).
const WINTER = Date.UTC(2026, 10, 3, 15, 0);

const EURUSD: InstrumentTerms = {
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
  ForexMaxCont: 100,
  ForexContNum: 100000,
  ForexFeeRate: 0.0005,
  MarginMode: 0,
  HasForexMultiple: [{ Value: 50 }, { Value: 100 }, { Value: 200 }, { Value: 500 }],
  Spread: 0.00008,
  QuoteCurrency: 'USD',
  CalcMode: 'forex',
  MarginCurrency: 'EUR',
  Schedule: 'forex',
};

beforeAll(async () => {
  vi.useFakeTimers({ now: WINTER, toFake: ['Date'] });
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en }, hk: { translation: hk }, ar: { translation: ar } },
  });
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});
afterAll(() => {
  vi.useRealTimers();
  process.env.TZ = zoneBefore;
});

/** The text of an element, once the page has painted (the hours come then). */
const text = async (testId: string) => (await screen.findByTestId(testId)).textContent;

describe('TradeTerms', () => {
  it('writes leverage as MT5 does, 1:50, as the order form and the order detail do', () => {
    render(<TradeTerms terms={EURUSD} />);
    expect(screen.getByTestId('terms-leverage').textContent).toBe('1:50 / 1:100 / 1:200 / 1:500');
  });

  it('says fixed margin for an instrument without leverage', () => {
    render(<TradeTerms terms={{ ...EURUSD, MarginMode: 1, HasForexMultiple: [] }} />);
    expect(screen.getByTestId('terms-leverage').textContent).toBe('Fixed margin per lot');
  });

  it('gives the hours on the trader’s clock, labelled, and New York’s beside them', async () => {
    render(<TradeTerms terms={EURUSD} />);
    expect(await text('terms-hours-local')).toBe('Mon 06:00 – Sat 06:00 GMT+8');
    expect(await text('terms-hours-new-york')).toBe('New York: Sun 17:00 – Fri 17:00');
  });

  it('says a US session ends the next day, in the trader’s language', async () => {
    await i18next.changeLanguage('hk');
    render(<TradeTerms terms={{ ...EURUSD, Code: 'AAPL', Name: 'Apple', Schedule: 'us' }} />);
    expect(await text('terms-hours-local')).toBe('週一至週五 22:30 – 翌日 05:00 GMT+8');
    expect(await text('terms-hours-new-york')).toBe('紐約：週一至週五 09:30 – 16:00');
  });

  it('says the metals’ daily break, and crypto’s round the clock once', async () => {
    render(<TradeTerms terms={{ ...EURUSD, Schedule: 'metals' }} />);
    expect(await text('terms-hours-local')).toBe(
      'Mon 07:00 – Sat 06:00, daily break 06:00–\u206007:00 GMT+8',
    );
    cleanup();
    render(<TradeTerms terms={{ ...EURUSD, Schedule: 'crypto' }} />);
    await vi.waitFor(() => expect(screen.getByTestId('terms-hours').textContent).toBe('24/7'));
    expect(screen.queryByTestId('terms-hours-new-york')).toBeNull();
  });

  it('names the instrument in the trader’s language, reading from its own start', async () => {
    await i18next.changeLanguage('hk');
    render(<TradeTerms terms={EURUSD} />);
    expect(await text('terms-name')).toBe('歐元 / 美元');
    cleanup();
    await i18next.changeLanguage('ar');
    render(<TradeTerms terms={{ ...EURUSD, Code: 'USDJPY' }} />);
    expect(await text('terms-name')).toBe('دولار أمريكي / ين ياباني');
    expect(screen.getByTestId('terms-name').getAttribute('dir')).toBe('auto');
    cleanup();
    // One the locales do not know keeps the server's name.
    render(<TradeTerms terms={{ ...EURUSD, Code: 'NEWCOIN', Name: 'New Coin / US Dollar' }} />);
    expect(await text('terms-name')).toBe('New Coin / US Dollar');
  });
});
