import { type NoticeKind, QUIET_HOURS_KINDS } from '@tradedesk/contract';
import type { NoticeSettings } from './notification-settings.repository.ts';

const minutesOf = (clock: string): number => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** The wall clock in `timeZone` at `at`, in minutes after midnight. */
export function localMinutes(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * Whether `at` falls in the quiet hours, from `from` up to (not including) `to` on the
 * trader's wall clock; 22:00–07:00 runs over midnight, and equal ends mean no quiet hours.
 */
export function isQuiet(
  quietHours: NoticeSettings['quietHours'],
  timeZone: string,
  at: number,
): boolean {
  if (!quietHours) return false;
  const from = minutesOf(quietHours.from);
  const to = minutesOf(quietHours.to);
  if (from === to) return false;
  const now = localMinutes(at, timeZone);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/**
 * Where a notice of `kind` goes besides the app, by the trader's choices: push and e-mail,
 * each unless turned off, and — for price alerts only — not in quiet hours.
 */
export function deliveryOf(
  settings: NoticeSettings,
  kind: NoticeKind,
  at: number,
): { push: boolean; email: boolean } {
  const chosen = settings.choices[kind];
  const held =
    QUIET_HOURS_KINDS.includes(kind) && isQuiet(settings.quietHours, settings.timeZone, at);
  return { push: chosen.push && !held, email: chosen.email && !held };
}
