import { MARKET_TIME_ZONE } from '@tradedesk/contract';
import type { Schedule } from './catalogue.ts';

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export interface NewYorkTime {
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Minutes since New York midnight. */
  minutes: number;
}

// New York's offset changes only at DST switches, so one lookup per UTC hour is enough.
const cache = new Map<number, { weekday: number; minutes: number }>();

export function newYorkTime(epochMs: number): NewYorkTime {
  const hour = Math.floor(epochMs / 3_600_000);
  let start = cache.get(hour);
  if (!start) {
    const parts = Object.fromEntries(
      formatter.formatToParts(hour * 3_600_000).map((p) => [p.type, p.value]),
    );
    start = {
      weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
      minutes: Number(parts.hour) * 60 + Number(parts.minute),
    };
    if (cache.size > 10_000) cache.clear();
    cache.set(hour, start);
  }
  const minutes = start.minutes + Math.floor((epochMs - hour * 3_600_000) / 60_000);
  // Within one UTC hour the New York clock cannot cross midnight more than once.
  if (minutes >= 1440) return { weekday: (start.weekday + 1) % 7, minutes: minutes - 1440 };
  return { weekday: start.weekday, minutes };
}

const at = (h: number, m = 0) => h * 60 + m;

/**
 * Whether an instrument trades at a moment (DECISIONS.md, New York time): forex Sun 17:00 →
 * Fri 17:00 with a break 17:00–17:05; metals and energies the same week from Sun 18:00 with a
 * break 17:00–18:00; US indices and stocks Mon–Fri 09:30–16:00; crypto always.
 */
export function isMarketOpen(schedule: Schedule, epochMs: number): boolean {
  if (schedule === 'crypto') return true;
  const { weekday, minutes } = newYorkTime(epochMs);
  if (schedule === 'us')
    return weekday >= 1 && weekday <= 5 && minutes >= at(9, 30) && minutes < at(16);
  const sundayOpen = schedule === 'forex' ? at(17) : at(18);
  const breakEnd = schedule === 'forex' ? at(17, 5) : at(18);
  if (weekday === 6) return false;
  if (weekday === 0) return minutes >= sundayOpen;
  if (weekday === 5) return minutes < at(17);
  return minutes < at(17) || minutes >= breakEnd;
}

// Every session starts and ends on a New York 5-minute mark (09:30, 16:00, 17:00, 17:05,
// 18:00) and New York's offset is whole hours, so UTC 5-minute marks are the only candidates.
const STEP_MS = 5 * 60_000;
// The longest closure is a weekend: US stocks close Friday 16:00 and open Monday 09:30.
const HORIZON_MS = 8 * 86_400_000;
const nextOpenCache = new Map<string, number | null>();

/**
 * When a closed instrument opens next (epoch ms), so a trader sees when trading resumes;
 * null while it is open. The answer changes only at 5-minute marks, and every instrument of a
 * schedule shares it: it is kept per schedule and mark.
 */
export function nextMarketOpen(schedule: Schedule, epochMs: number): number | null {
  if (isMarketOpen(schedule, epochMs)) return null;
  const mark = Math.floor(epochMs / STEP_MS) * STEP_MS;
  const key = `${schedule}:${mark}`;
  const cached = nextOpenCache.get(key);
  if (cached !== undefined) return cached;
  let found: number | null = null;
  for (let t = mark + STEP_MS; t <= mark + HORIZON_MS; t += STEP_MS) {
    if (isMarketOpen(schedule, t)) {
      found = t;
      break;
    }
  }
  if (nextOpenCache.size > 1_000) nextOpenCache.clear();
  nextOpenCache.set(key, found);
  return found;
}

/**
 * When the trading day running at `epochMs` ends (epoch ms): a pending order good for "today"
 * expires then. The first 5-minute mark at which the instrument is closed; crypto, which never
 * closes, ends its day where forex does, at 17:00 New York.
 */
export function sessionEnd(schedule: Schedule, epochMs: number): number {
  const mark = Math.floor(epochMs / STEP_MS) * STEP_MS;
  for (let t = mark + STEP_MS; t <= mark + HORIZON_MS; t += STEP_MS) {
    const closed =
      schedule === 'crypto' ? newYorkTime(t).minutes === at(17) : !isMarketOpen(schedule, t);
    if (closed) return t;
  }
  return mark + HORIZON_MS;
}
