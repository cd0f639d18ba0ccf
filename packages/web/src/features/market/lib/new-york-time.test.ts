import { MARKET_TIME_ZONE } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import {
  newYorkDate,
  newYorkDateTime,
  newYorkDay,
  newYorkOffsetMs,
  newYorkTime,
} from './new-york-time.ts';

// New York's clock worked out here must read as Intl's time-zone formatter reads it.
const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: MARKET_TIME_ZONE, ...options });
const time = intl({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const day = intl({ day: '2-digit', month: 'short' });
const full = intl({
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const offset = intl({ timeZoneName: 'shortOffset' });
/** "GMT-5": New York's offset at `date`, as Intl names it. */
const zone = (date: Date) =>
  offset.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('New York chart times', () => {
  it('switches to daylight time at 02:00 on the second Sunday of March, and back in November', () => {
    // 2026: 8 March and 1 November.
    expect(newYorkOffsetMs(Date.parse('2026-03-08T06:59:59Z'))).toBe(-5 * 3_600_000);
    expect(newYorkOffsetMs(Date.parse('2026-03-08T07:00:00Z'))).toBe(-4 * 3_600_000);
    expect(newYorkOffsetMs(Date.parse('2026-11-01T05:59:59Z'))).toBe(-4 * 3_600_000);
    expect(newYorkOffsetMs(Date.parse('2026-11-01T06:00:00Z'))).toBe(-5 * 3_600_000);
    expect(newYorkTime(seconds('2026-03-08T07:00:00Z'))).toBe('03:00');
    expect(newYorkTime(seconds('2026-11-01T06:00:00Z'))).toBe('01:00');
  });

  it('prints what Intl prints, every 15 minutes around each switch from 2024 to 2030', () => {
    for (let year = 2024; year <= 2030; year++) {
      for (const month of [2, 10]) {
        const from = Date.UTC(year, month, 1) / 1000;
        for (let at = from; at < from + 15 * 86_400; at += 900) {
          const date = new Date(at * 1000);
          expect(newYorkTime(at), date.toISOString()).toBe(time.format(date));
          expect(newYorkDay(at, 'en'), date.toISOString()).toBe(day.format(date));
          expect(newYorkDateTime(at, 'en'), date.toISOString()).toBe(
            `${full.format(date).replace(',', '')} ${zone(date)}`,
          );
        }
      }
    }
  });

  it('prints what Intl prints every 7 hours and 13 minutes through three years, new years included', () => {
    const from = Date.UTC(2025, 11, 31) / 1000;
    for (let at = from; at < from + 3 * 366 * 86_400; at += 7 * 3_600 + 13 * 60) {
      const date = new Date(at * 1000);
      expect(newYorkDateTime(at, 'en'), date.toISOString()).toBe(
        `${full.format(date).replace(',', '')} ${zone(date)}`,
      );
    }
  });

  it('writes days and the crosshair’s time in the reader’s language, with Latin digits', () => {
    // 14:05 in New York on 3 November 2026 (EST) and on 3 July (EDT).
    const winter = seconds('2026-11-03T19:05:00Z');
    const summer = seconds('2026-07-03T18:05:00Z');
    expect(newYorkDateTime(winter, 'hk')).toBe('2026年11月03日 14:05 GMT-5');
    expect(newYorkDateTime(summer, 'hk')).toBe('2026年7月03日 14:05 GMT-4');
    expect(newYorkDateTime(winter, 'ar')).toBe('03 نوفمبر 2026 14:05 GMT-5');
    // Indonesian's Intl would write 14.05: the app's clock is 14:05 in every language.
    expect(newYorkDateTime(winter, 'id')).toBe('03 Nov 2026 14:05 GMT-5');
    expect(newYorkDateTime(winter, 'vn')).toBe('03 thg 11, 2026 14:05 GMT-5');
    // The Gregorian year in Thai too, as every other date of the app.
    expect(newYorkDateTime(winter, 'th')).toMatch(/2026 14:05 GMT-5$/);
    expect(newYorkDate(winter, 'hk')).toBe('2026年11月03日');
    expect(newYorkDay(winter, 'hk')).toBe('11月03日');
    expect(newYorkDay(winter, 'ar')).toBe('03 نوفمبر');
    expect(newYorkDay(winter, 'en')).toBe('03 Nov');
  });
});
