/**
 * Chart times in New York, where sessions and day candles are defined (MARKET_TIME_ZONE),
 * written out instead of Intl.DateTimeFormat: building a time-zone formatter and formatting
 * with it cost the trade page ~25 ms of a phone's main thread as the chart first drew. The
 * output is Intl's en-GB, to the character (new-york-time.test.ts holds the two together).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// en-GB's short month names (ICU's: "Sept", not "Sep").
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];

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

/** The wall clock in New York at `seconds` (epoch), read with the UTC getters. */
function wallClock(seconds: number): Date {
  const utcMs = seconds * 1000;
  return new Date(utcMs + newYorkOffsetMs(utcMs));
}

const two = (n: number) => String(n).padStart(2, '0');

/** "14:05" */
export function newYorkTime(seconds: number): string {
  const clock = wallClock(seconds);
  return `${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}`;
}

/** "03 Nov" */
export function newYorkDay(seconds: number): string {
  const clock = wallClock(seconds);
  return `${two(clock.getUTCDate())} ${MONTHS[clock.getUTCMonth()]}`;
}

/** "03 Nov 2026, 14:05" */
export function newYorkDateTime(seconds: number): string {
  const clock = wallClock(seconds);
  return `${newYorkDay(seconds)} ${clock.getUTCFullYear()}, ${newYorkTime(seconds)}`;
}
