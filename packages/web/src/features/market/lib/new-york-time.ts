import { LANGUAGE_TAGS, type Language } from '@tradedesk/contract';

/**
 * Chart times in New York, where sessions and day candles are defined (MARKET_TIME_ZONE).
 * New York's offset is worked out here, not by a time-zone formatter: building one and
 * formatting with it cost the trade page ~25 ms of a phone's main thread as the chart first
 * drew. The hours are written out, 14:05 in every language as every time of the app; days and
 * months are the reader's, by Intl reading New York's wall clock as if it were UTC, which
 * needs no zone data.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 00:00 UTC of the `nth` Sunday of `month` (0-based) in `year`. */
function nthSundayUtc(year: number, month: number, nth: number): number {
  const first = Date.UTC(year, month, 1);
  const firstSunday = first + ((7 - new Date(first).getUTCDay()) % 7) * DAY_MS;
  return firstSunday + (nth - 1) * 7 * DAY_MS;
}

/**
 * New York's offset from UTC at `utcMs`, by the US rules in force since 2007: daylight time
 * (UTC−4) from 02:00 local on the second Sunday of March (07:00 UTC) to 02:00 local on the
 * first Sunday of November (06:00 UTC), standard time (UTC−5) otherwise.
 */
export function newYorkOffsetMs(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const daylightFrom = nthSundayUtc(year, 2, 2) + 7 * HOUR_MS;
  const daylightTo = nthSundayUtc(year, 10, 1) + 6 * HOUR_MS;
  return utcMs >= daylightFrom && utcMs < daylightTo ? -4 * HOUR_MS : -5 * HOUR_MS;
}

/** New York's wall clock at `seconds` (epoch), as the UTC instant that reads the same. */
function wallClockMs(seconds: number): number {
  const utcMs = seconds * 1000;
  return utcMs + newYorkOffsetMs(utcMs);
}

const two = (n: number) => String(n).padStart(2, '0');

/** "14:05" */
export function newYorkTime(seconds: number): string {
  const clock = new Date(wallClockMs(seconds));
  return `${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}`;
}

// English days read "03 Nov", day first, as the chart always wrote them.
const tagOf = (language: Language) => (language === 'en' ? 'en-GB' : LANGUAGE_TAGS[language]);

/** One formatter per language and shape, built when first needed (building is the cost). */
function cachedFormatter(
  cache: Map<Language, Intl.DateTimeFormat>,
  language: Language,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let formatter = cache.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(tagOf(language), {
      ...options,
      timeZone: 'UTC',
      // The app's digits and calendar in every language (Thai would count years from 543 BC).
      numberingSystem: 'latn',
      calendar: 'gregory',
    });
    cache.set(language, formatter);
  }
  return formatter;
}

const dayFormatters = new Map<Language, Intl.DateTimeFormat>();
const crosshairFormatters = new Map<Language, Intl.DateTimeFormat>();

/** "03 Nov", "11月03日", "03 نوفمبر": a day on the chart's axis. */
export function newYorkDay(seconds: number, language: Language): string {
  return cachedFormatter(dayFormatters, language, { day: '2-digit', month: 'short' }).format(
    wallClockMs(seconds),
  );
}

/** "03 Nov 2026", "2026年11月03日": a New York day (the crosshair on a day candle). */
export function newYorkDate(seconds: number, language: Language): string {
  return cachedFormatter(crosshairFormatters, language, {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
  }).format(wallClockMs(seconds));
}

/**
 * "03 Nov 2026 14:05 GMT-5", "2026年11月03日 14:05 GMT-5": the crosshair's time, the date in
 * the reader's language, then the clock and New York's offset then, in the order and shape of
 * every other time of the app ("2026-11-03 23:05 GMT+8").
 */
export function newYorkDateTime(seconds: number, language: Language): string {
  const offsetHours = newYorkOffsetMs(seconds * 1000) / HOUR_MS;
  return `${newYorkDate(seconds, language)} ${newYorkTime(seconds)} GMT${offsetHours}`;
}
