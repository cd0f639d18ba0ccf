import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  const deviceZone = process.env.TZ;
  // The device's zone, pinned: the same test passes on a machine anywhere.
  beforeAll(() => {
    process.env.TZ = 'Asia/Hong_Kong';
  });
  afterAll(() => {
    process.env.TZ = deviceZone;
  });

  it('shows the instant in the device’s time zone, to the minute, labelled', () => {
    expect(formatLocalTime('2025-03-04 17:05:09')).toBe('2025-03-05 01:05 GMT+8');
  });

  it('leaves text that is no time as it is', () => {
    expect(formatLocalTime('')).toBe('');
  });
});
