import { type Instrument, LANGUAGE_TAGS, type Language } from '@tradedesk/contract';
import { newYorkOffsetMs } from './new-york-time.ts';

/**
 * An instrument's trading week read on one clock. The sessions are New York's (the server's
 * market-hours.ts): forex Sun 17:00 – Fri 17:00, metals and energies Sun 18:00 – Fri 17:00
 * with a daily break 17:00–18:00, US indices and stocks Mon–Fri 09:30–16:00, crypto always.
 * Read in Hong Kong the same week is Mon 06:00 – Sat 06:00, and a US session opens at 22:30
 * and ends at 05:00 the next day.
 */
export type TradingWeek =
  | { kind: 'always' }
  /** One stretch through the week ("Mon 06:00" – "Sat 06:00"), maybe broken daily. */
  | { kind: 'week'; open: string; close: string; dailyBreak?: { from: string; to: string } }
  /** The same session each weekday: from `first` to `last`, `from` – `to` (on the next day). */
  | { kind: 'weekdays'; first: string; last: string; from: string; to: string; toNextDay: boolean };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The instant at which New York's clock reads `wallMs` (a wall-clock time written as UTC). */
function newYorkWallToInstant(wallMs: number): number {
  // New York is 4 or 5 hours behind: guess with the offset 5 hours on, then check. (No session
  // boundary falls in the hour a spring change skips.)
  const guess = wallMs - newYorkOffsetMs(wallMs + 5 * HOUR_MS);
  return wallMs - newYorkOffsetMs(guess);
}

/** The instant of `weekday` (0 Sunday) at `hour`:`minute` New York time, in `now`'s week there. */
function newYorkWeekInstant(now: number, weekday: number, hour: number, minute = 0): number {
  const wallNow = now + newYorkOffsetMs(now);
  const today = Math.floor(wallNow / DAY_MS) * DAY_MS;
  const sunday = today - new Date(today).getUTCDay() * DAY_MS;
  return newYorkWallToInstant(sunday + weekday * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS);
}

// Building an Intl formatter is the costly part: one per language and zone, when first needed.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: Language, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
      timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

interface Moment {
  /** The day's short name in the reader's language ("Mon", "週一", "الاثنين"). */
  day: string;
  /** "06:00": the app's clock in every language (Indonesian's Intl would write 06.00). */
  clock: string;
}

function momentOf(at: number, language: Language, timeZone: string | undefined): Moment {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(language, timeZone).formatToParts(at))
    parts[part.type] = part.value;
  return { day: parts.weekday ?? '', clock: `${parts.hour}:${parts.minute}` };
}

/**
 * The trading week of `schedule` as read on the clock of `timeZone` (the phone's when absent)
 * in the week of `now`: its summer time and New York's are the ones in force that week.
 */
export function tradingWeek(
  schedule: Instrument['Schedule'],
  options: { language: Language; timeZone?: string; now: number },
): TradingWeek {
  const { language, timeZone, now } = options;
  const at = (weekday: number, hour: number, minute = 0) =>
    momentOf(newYorkWeekInstant(now, weekday, hour, minute), language, timeZone);
  const written = (moment: Moment) => `${moment.day} ${moment.clock}`;
  switch (schedule) {
    case 'crypto':
      return { kind: 'always' };
    case 'forex':
      return { kind: 'week', open: written(at(0, 17)), close: written(at(5, 17)) };
    case 'metals':
      return {
        kind: 'week',
        open: written(at(0, 18)),
        close: written(at(5, 17)),
        dailyBreak: { from: at(1, 17).clock, to: at(1, 18).clock },
      };
    case 'us': {
      const firstOpen = at(1, 9, 30);
      const firstClose = at(1, 16);
      return {
        kind: 'weekdays',
        first: firstOpen.day,
        last: at(5, 9, 30).day,
        from: firstOpen.clock,
        to: firstClose.clock,
        toNextDay: firstClose.day !== firstOpen.day,
      };
    }
  }
}
