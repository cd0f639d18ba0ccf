import { describe, expect, it } from 'vitest';
import { formatLocalTime, parseUtc } from './utc-time.ts';

describe('parseUtc', () => {
  it('reads the server’s text as UTC', () => {
    expect(parseUtc('2025-03-04 17:05:09')?.toISOString()).toBe('2025-03-04T17:05:09.000Z');
    expect(parseUtc('2025-03-04T17:05:09Z')?.toISOString()).toBe('2025-03-04T17:05:09.000Z');
  });

  it('answers null for no time', () => {
    expect(parseUtc('')).toBeNull();
    expect(parseUtc('soon')).toBeNull();
  });
});

describe('formatLocalTime', () => {
  it('shows the instant in the device’s time zone, to the minute', () => {
    const instant = new Date(Date.UTC(2025, 2, 4, 17, 5, 9));
    const two = (n: number) => String(n).padStart(2, '0');
    const expected = `${instant.getFullYear()}-${two(instant.getMonth() + 1)}-${two(instant.getDate())} ${two(instant.getHours())}:${two(instant.getMinutes())}`;
    expect(formatLocalTime('2025-03-04 17:05:09')).toBe(expected);
  });

  it('leaves text that is no time as it is', () => {
    expect(formatLocalTime('')).toBe('');
  });
});
