import type { Instrument } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { createScriptedFeed } from './feed/feed.ts';

// The test clock starts on Monday 2026-11-02 12:00 UTC (07:00 New York): forex and crypto
// trade, US stocks have not opened yet.
describe.each(DIALECTS)('market data API on $name', ({ name, skip }) => {
  let t: TestApp;
  const feed = createScriptedFeed();
  beforeAll(async () => {
    if (!skip) t = await startTestApp(name, {}, { feed });
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  async function instrument(code: string) {
    const list = (await t.call('GET', '/v1/api/forex/trade_list')).data as Instrument[];
    const found = list.find((i) => i.Code === code);
    if (!found) throw new Error(`${code} is not listed`);
    return found;
  }

  it.skipIf(skip)(
    'lists at least 30 instruments in at least 5 categories with every field',
    async () => {
      const { code, data } = await t.call('GET', '/v1/api/forex/trade_list', { t: 1 });
      expect(code).toBe(1);
      expect(data.length).toBeGreaterThanOrEqual(30);
      expect(
        new Set(data.map((i: { CategoryId: number }) => i.CategoryId)).size,
      ).toBeGreaterThanOrEqual(5);
      const eurusd = data.find((i: { Code: string }) => i.Code === 'EURUSD');
      expect(eurusd).toMatchObject({
        ShowCode: 'EURUSD',
        Logo: '/logos/eurusd.svg',
        MarketStatus: 1,
        PricePrecision: 5,
        Pip: 0.01,
        ForexMinCont: 0.01,
        ForexContNum: 100000,
        MarginMode: 0,
        HasForexMultiple: [{ Value: 50 }, { Value: 100 }, { Value: 200 }, { Value: 500 }],
        ForexQuotations: {
          Close: 1.085,
          Open: expect.any(Number),
          Change: expect.any(Number),
          High: expect.any(Number),
          Low: expect.any(Number),
          Volume: expect.any(Number),
        },
      });
      expect(eurusd.Ask).toBeCloseTo(1.08508, 10);
      const aapl = data.find((i: { Code: string }) => i.Code === 'AAPL');
      expect(aapl.MarketStatus).toBe(0);
      expect(
        data.some(
          (i: { MarginMode: number; HasForexMultiple: unknown[] }) =>
            i.MarginMode === 1 && i.HasForexMultiple.length === 0,
        ),
      ).toBe(true);
    },
  );

  it.skipIf(skip)('filters by code or name', async () => {
    const btc = await t.call('GET', '/v1/api/forex/trade_list', { searchCurrency: 'btc' });
    expect(btc.data.map((i: { Code: string }) => i.Code)).toEqual(['BTCUSD']);
    const gold = await t.call('GET', '/v1/api/forex/trade_list', { searchCurrency: 'Gold' });
    expect(gold.data.map((i: { Code: string }) => i.Code)).toEqual(['XAUUSD']);
  });

  it.skipIf(skip)('names categories in the language asked for', async () => {
    const en = await t.call('GET', '/v1/api/forex/getCategories', {}, { lang: 'en' });
    expect(en.data).toContainEqual({ Id: 1, NameShowTrans: 'Forex' });
    const hk = await t.call('GET', '/v1/api/forex/getCategories', {}, { lang: 'hk' });
    expect(hk.data).toContainEqual({ Id: 5, NameShowTrans: '加密貨幣' });
  });

  it.skipIf(skip)(
    'serves at least 300 candles of every period, ascending, ending at the last price',
    async () => {
      const eurusd = await instrument('EURUSD');
      for (const period of ['1min', '5min', '15min', '30min', '60min', '1day']) {
        const { code, data } = await t.call('GET', '/v1/api/forex/kline', {
          forex_id: eurusd.Id,
          period,
        });
        expect(code, period).toBe(1);
        expect(data.length, period).toBeGreaterThanOrEqual(300);
        for (let i = 1; i < data.length; i++)
          expect(data[i].Time).toBeGreaterThan(data[i - 1].Time);
        expect(data.at(-1).Close).toBe(1.085);
      }
      const spark = await t.call('GET', '/v1/api/forex/abbreviated_cache_kline', {
        forex_id: eurusd.Id,
      });
      expect(spark.data.length).toBe(48);
      expect(
        (await t.call('GET', '/v1/api/forex/kline', { forex_id: eurusd.Id, period: '2min' })).code,
      ).toBe(1000);
      expect(
        (await t.call('GET', '/v1/api/forex/kline', { forex_id: 99999, period: '1min' })).code,
      ).toBe(404);
    },
  );

  it.skipIf(skip)(
    "answers the small chart's short series in the period asked for, and refuses an unknown one",
    async () => {
      const eurusd = await instrument('EURUSD');
      const spark = async (period?: string, lang = 'en') =>
        t.call(
          'GET',
          '/v1/api/forex/abbreviated_cache_kline',
          period === undefined ? { forex_id: eurusd.Id } : { forex_id: eurusd.Id, period },
          { lang },
        );
      const gaps = (candles: { Time: number }[]) =>
        candles.slice(1).map((c, i) => c.Time - candles[i]!.Time);

      // Monday 07:00 New York: the last 48 minutes all traded, one candle each.
      const minutes = await spark('1min');
      expect(minutes.code).toBe(1);
      expect(minutes.data).toHaveLength(48);
      expect(new Set(gaps(minutes.data))).toEqual(new Set([60]));
      expect(minutes.data.at(-1).Time).toBe(Math.floor(t.clock.now / 60_000) * 60);

      // Day candles start at midnight New York: 24 h apart (23 or 25 across a clock change),
      // more over weekends; never less than a day less an hour.
      const days = await spark('1day');
      expect(days.code).toBe(1);
      expect(days.data).toHaveLength(48);
      for (const gap of gaps(days.data)) expect(gap).toBeGreaterThanOrEqual(23 * 3600);
      expect(gaps(days.data)).toContain(86_400);
      expect(days.data.at(-1).Close).toBe(minutes.data.at(-1).Close);

      // Without a period, as the home list asks: the last 48 half hours that traded (the
      // weekend's close is one long gap).
      const halfHours = await spark();
      expect(halfHours.data).toHaveLength(48);
      for (const gap of gaps(halfHours.data)) expect(gap % 1800).toBe(0);
      expect(Math.min(...gaps(halfHours.data))).toBe(1800);

      const bogus = await spark('bogus');
      expect(bogus).toMatchObject({ code: 1000, msg: 'Invalid request: period', data: null });
      expect((await spark('bogus', 'de')).msg).toBe('Ungültige Anfrage: period');
    },
  );

  it.skipIf(skip)('moves quotes and candles with the feed', async () => {
    const eurusd = await instrument('EURUSD');
    const time = t.clock.now + 1_000;
    feed.push({ instrumentId: eurusd.Id, bid: 108_612, ask: 108_620, time, volume: 3 });
    const after = await instrument('EURUSD');
    expect(after).toMatchObject({ Bid: 1.08612, Ask: 1.0862 });
    expect(after.ForexQuotations.Close).toBe(1.08612);
    const minute = await t.call('GET', '/v1/api/forex/kline', {
      forex_id: eurusd.Id,
      period: '1min',
    });
    expect(minute.data.at(-1)).toMatchObject({
      Close: 1.08612,
      Time: Math.floor(time / 60_000) * 60,
    });
    const day = await t.call('GET', '/v1/api/forex/kline', { forex_id: eurusd.Id, period: '1day' });
    expect(day.data.at(-1).Close).toBe(1.08612);
    expect(day.data.at(-1).High).toBeGreaterThanOrEqual(1.08612);
  });
});
