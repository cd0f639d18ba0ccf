import { formatLocalDate } from '../../../lib/local-time.ts';

/** "2026-11-02 12:00:00" (UTC, as the server writes it) → "2026-11-02" in the phone's zone. */
export function localDate(utcText: string): string {
  return formatLocalDate(utcText);
}
