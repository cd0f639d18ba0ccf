/**
 * A mean holding time as a person says it: the two largest units ("3 h 20 min", "2 d 5 h"),
 * never "12000000 ms". Returned as an i18n key with its numbers, so each language writes its
 * own units; rounded down, as a clock is read.
 */
export interface HoldingTimeText {
  key:
    | 'copy.duration_under_minute'
    | 'copy.duration_minutes'
    | 'copy.duration_hours'
    | 'copy.duration_days';
  values: { days?: number; hours?: number; minutes?: number };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function holdingTimeText(ms: number): HoldingTimeText {
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const days = Math.floor(ms / DAY_MS);
  if (days > 0) return { key: 'copy.duration_days', values: { days, hours } };
  if (hours > 0) return { key: 'copy.duration_hours', values: { hours, minutes } };
  if (minutes > 0) return { key: 'copy.duration_minutes', values: { minutes } };
  return { key: 'copy.duration_under_minute', values: {} };
}
