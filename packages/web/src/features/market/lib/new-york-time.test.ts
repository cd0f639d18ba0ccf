import { MARKET_TIME_ZONE } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { newYorkDateTime, newYorkDay, newYorkOffsetMs, newYorkTime } from './new-york-time.ts';

// What the chart showed before, with Intl: the written-out formatters must print the same.
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
          expect(newYorkDay(at), date.toISOString()).toBe(day.format(date));
          expect(newYorkDateTime(at), date.toISOString()).toBe(full.format(date));
        }
      }
    }
  });

  it('prints what Intl prints every 7 hours and 13 minutes through three years, new years included', () => {
    const from = Date.UTC(2025, 11, 31) / 1000;
    for (let at = from; at < from + 3 * 366 * 86_400; at += 7 * 3_600 + 13 * 60) {
      const date = new Date(at * 1000);
      expect(newYorkDateTime(at), date.toISOString()).toBe(full.format(date));
    }
  });
});
