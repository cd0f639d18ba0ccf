import { formatLocalDateTime } from '../../../lib/local-time.ts';

/**
 * The server writes times as "YYYY-MM-DD HH:mm:ss" in UTC (created_at, usable_at, a timeline
 * step's `at`). The trader reads them in the phone's own time zone.
 */

const UTC_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** The instant of a server time; null for anything else (an empty field). */
export function parseUtc(text: string): Date | null {
  const match = UTC_TEXT.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0'] = match;
  return new Date(
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
    ),
  );
}

/**
 * "2025-03-04 17:05 GMT+8": the app's one way of showing a time (lib/local-time.ts); the
 * text itself when it is no server time.
 */
export function formatLocalTime(utcText: string): string {
  return formatLocalDateTime(utcText);
}
