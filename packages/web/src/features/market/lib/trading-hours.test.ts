import { MARKET_TIME_ZONE } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { tradingWeek } from './trading-hours.ts';

// Tuesday 3 November 2026, 10:00 in New York (EST, UTC−5 since 1 November).
const WINTER = Date.UTC(2026, 10, 3, 15, 0);
// Tuesday 7 July 2026, 11:00 in New York (EDT, UTC−4).
const SUMMER = Date.UTC(2026, 6, 7, 15, 0);
const inHongKong = { language: 'en', timeZone: 'Asia/Hong_Kong' } as const;
const inNewYork = { language: 'en', timeZone: MARKET_TIME_ZONE } as const;

describe('an instrument’s trading week on the trader’s clock', () => {
  it('reads New York’s forex week, Sun 17:00 – Fri 17:00, as Mon 06:00 – Sat 06:00 in Hong Kong', () => {
    expect(tradingWeek('forex', { ...inNewYork, now: WINTER })).toEqual({
      kind: 'week',
      open: 'Sun 17:00',
      close: 'Fri 17:00',
    });
    expect(tradingWeek('forex', { ...inHongKong, now: WINTER })).toEqual({
      kind: 'week',
      open: 'Mon 06:00',
      close: 'Sat 06:00',
    });
    // New York's summer time moves it an hour earlier there.
    expect(tradingWeek('forex', { ...inHongKong, now: SUMMER })).toMatchObject({
      open: 'Mon 05:00',
      close: 'Sat 05:00',
    });
  });

  it('gives the metals’ daily break on the same clock', () => {
    expect(tradingWeek('metals', { ...inHongKong, now: WINTER })).toEqual({
      kind: 'week',
      open: 'Mon 07:00',
      close: 'Sat 06:00',
      dailyBreak: { from: '06:00', to: '07:00' },
    });
    expect(tradingWeek('metals', { ...inNewYork, now: WINTER })).toMatchObject({
      dailyBreak: { from: '17:00', to: '18:00' },
    });
  });

  it('says when a US session ends the next day on the trader’s clock', () => {
    expect(tradingWeek('us', { ...inNewYork, now: WINTER })).toEqual({
      kind: 'weekdays',
      first: 'Mon',
      last: 'Fri',
      from: '09:30',
      to: '16:00',
      toNextDay: false,
    });
    expect(tradingWeek('us', { ...inHongKong, now: WINTER })).toEqual({
      kind: 'weekdays',
      first: 'Mon',
      last: 'Fri',
      from: '22:30',
      to: '05:00',
      toNextDay: true,
    });
    // East of +14:30 even the opening day moves: Tuesday to Saturday in Kiritimati (+14).
    expect(
      tradingWeek('us', { ...inHongKong, timeZone: 'Pacific/Kiritimati', now: WINTER }),
    ).toMatchObject({ first: 'Tue', last: 'Sat', from: '04:30', to: '11:00', toNextDay: false });
  });

  it('names the days in the reader’s language, with the app’s digits and colon', () => {
    expect(
      tradingWeek('forex', { language: 'hk', timeZone: 'Asia/Hong_Kong', now: WINTER }),
    ).toEqual({ kind: 'week', open: '週一 06:00', close: '週六 06:00' });
    // Indonesian's Intl writes 06.00; the app writes times as 06:00 in every language.
    expect(tradingWeek('forex', { language: 'id', timeZone: 'Asia/Jakarta', now: WINTER })).toEqual(
      { kind: 'week', open: 'Sen 05:00', close: 'Sab 05:00' },
    );
    expect(tradingWeek('crypto', { ...inHongKong, now: WINTER })).toEqual({ kind: 'always' });
  });
});
