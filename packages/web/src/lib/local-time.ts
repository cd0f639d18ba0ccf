import { isolateLtr } from './bidi.ts';

/**
 * Every time the trader reads, in one shape: the phone's own time zone, labelled with its
 * offset ("2026-11-26 13:05 GMT+8"). The server writes UTC ("YYYY-MM-DD HH:mm:ss") or epoch
 * milliseconds; a bare "UTC" beside some times and device time unlabelled beside others read
 * as three clocks (issue 25). The chart alone keeps New York's clock (SPEC.md §9) and says so.
 *
 * The digits are in year-month-day order with the zone as "GMT±h" in every language: no
 * language reads 2026-11-26 as another day (11/26 vs 26/11 would), and it is how trading
 * apps (MT5) write times. In a right-to-left language the whole time is one left-to-right
 * unit, so that the date does not read backwards.
 */

/** What the server sends: UTC text, epoch ms, or nothing for a time still ahead. */
export type ServerTime = string | number | null | undefined;

const SERVER_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** The instant of a server time (UTC text or epoch ms); null for anything else (an empty field). */
export function parseServerTime(time: ServerTime): number | null {
  if (time === null || time === undefined) return null;
  if (typeof time === 'number') return Number.isFinite(time) ? time : null;
  const match = SERVER_TIME.exec(time.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0'] = match;
  return Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
}

/** Where a time is read: the phone's zone unless a test names one. */
export interface TimeOptions {
  /** An IANA zone ("Asia/Hong_Kong"); the device's when absent. */
  timeZone?: string;
  /** The reader's language, for the text direction; the app's current one when absent. */
  language?: string;
}

// Building an Intl.DateTimeFormat is the costly part (tens of ms on a phone): one per zone,
// built when first needed. Its parts are digits and "GMT+8" in every language, so one
// formatter serves all of them.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
      timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

interface LocalParts {
  date: string;
  clock: string;
  zone: string;
}

function localParts(epochMs: number, timeZone: string | undefined): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    clock: `${parts.hour}:${parts.minute}`,
    // UTC itself is "GMT" in some ICU versions, "GMT+0" in others: one label, beside "GMT+8".
    zone: parts.timeZoneName === 'GMT' || !parts.timeZoneName ? 'GMT+0' : parts.timeZoneName,
  };
}

/** "2026-11-26 13:05 GMT+8"; the text itself when it is no time (an empty field stays empty). */
export function formatLocalDateTime(time: ServerTime, options: TimeOptions = {}): string {
  const at = parseServerTime(time);
  if (at === null) return String(time ?? '');
  const { date, clock, zone } = localParts(at, options.timeZone);
  return isolateLtr(`${date} ${clock} ${zone}`, options.language);
}

/** "2026-11-26", the day in the phone's zone, for lists of days (invitees, complaints, news). */
export function formatLocalDate(time: ServerTime, options: TimeOptions = {}): string {
  const at = parseServerTime(time);
  if (at === null) return String(time ?? '');
  return isolateLtr(localParts(at, options.timeZone).date, options.language);
}

/** "13:05" in the phone's zone (a chat bubble; the list's caption names the zone). */
export function formatLocalClock(time: ServerTime, options: TimeOptions = {}): string {
  const at = parseServerTime(time);
  if (at === null) return String(time ?? '');
  return isolateLtr(localParts(at, options.timeZone).clock, options.language);
}

/**
 * "12:03:15 GMT+8", a moment of today to the second in the phone's zone (how old the prices
 * on screen are). Every zone's offset is whole minutes, so the seconds are the instant's own.
 */
export function formatLocalTimeOfDay(time: ServerTime, options: TimeOptions = {}): string {
  const at = parseServerTime(time);
  if (at === null) return String(time ?? '');
  const { clock, zone } = localParts(at, options.timeZone);
  const seconds = String(((Math.floor(at / 1000) % 60) + 60) % 60).padStart(2, '0');
  return isolateLtr(`${clock}:${seconds} ${zone}`, options.language);
}

/** The phone's zone as "GMT+8" at `at` (offsets change with summer time), for a caption. */
export function localZoneLabel(at: number = Date.now(), options: TimeOptions = {}): string {
  return isolateLtr(localParts(at, options.timeZone).zone, options.language);
}
