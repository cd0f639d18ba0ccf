import { describe, expect, it } from 'vitest';
import {
  formatLocalClock,
  formatLocalDate,
  formatLocalDateTime,
  formatLocalTimeOfDay,
  localZoneLabel,
  parseServerTime,
} from './local-time.ts';

// Zones named, not the machine's: the same test passes in Hong Kong, London and New York.
const HONG_KONG = { timeZone: 'Asia/Hong_Kong', language: 'en' };
const ltr = (text: string) => `\u2066${text}\u2069`;

describe('parseServerTime', () => {
  it('reads the server UTC text and epoch milliseconds', () => {
    expect(parseServerTime('2026-11-26 05:05:09')).toBe(Date.UTC(2026, 10, 26, 5, 5, 9));
    expect(parseServerTime('2026-11-26T05:05:09Z')).toBe(Date.UTC(2026, 10, 26, 5, 5, 9));
    expect(parseServerTime(1_795_671_186_714)).toBe(1_795_671_186_714);
  });

  it('has no instant for an empty field or a word', () => {
    expect(parseServerTime('')).toBeNull();
    expect(parseServerTime(null)).toBeNull();
    expect(parseServerTime('soon')).toBeNull();
  });
});

describe('formatLocalDateTime', () => {
  it('shows a server UTC time in the trader zone, labelled', () => {
    expect(formatLocalDateTime('2026-11-26 05:05:09', HONG_KONG)).toBe('2026-11-26 13:05 GMT+8');
    // Past midnight there: the local day, not the server's.
    expect(formatLocalDateTime('2026-11-26 20:30:00', HONG_KONG)).toBe('2026-11-27 04:30 GMT+8');
  });

  it('labels half-hour zones and summer time with their offset then', () => {
    const kolkata = { timeZone: 'Asia/Kolkata', language: 'en' };
    expect(formatLocalDateTime('2026-11-26 05:05:00', kolkata)).toBe('2026-11-26 10:35 GMT+5:30');
    const newYork = { timeZone: 'America/New_York', language: 'en' };
    expect(formatLocalDateTime('2026-07-01 12:00:00', newYork)).toBe('2026-07-01 08:00 GMT-4');
    expect(formatLocalDateTime('2026-12-01 12:00:00', newYork)).toBe('2026-12-01 07:00 GMT-5');
    expect(formatLocalDateTime(Date.UTC(2026, 0, 1), { timeZone: 'UTC', language: 'en' })).toBe(
      '2026-01-01 00:00 GMT+0',
    );
  });

  it('keeps the time one left-to-right unit in Arabic, so the date does not read backwards', () => {
    const arabic = { timeZone: 'Asia/Hong_Kong', language: 'ar' };
    expect(formatLocalDateTime('2026-11-26 05:05:09', arabic)).toBe(ltr('2026-11-26 13:05 GMT+8'));
  });

  it('leaves what is no time as it is', () => {
    expect(formatLocalDateTime('', HONG_KONG)).toBe('');
    expect(formatLocalDateTime(null, HONG_KONG)).toBe('');
  });
});

describe('the day, the clock and the zone alone', () => {
  it('reads each in the trader zone', () => {
    expect(formatLocalDate('2026-11-26 20:30:00', HONG_KONG)).toBe('2026-11-27');
    expect(formatLocalClock(Date.UTC(2026, 10, 26, 5, 5), HONG_KONG)).toBe('13:05');
    expect(localZoneLabel(Date.UTC(2026, 10, 26), HONG_KONG)).toBe('GMT+8');
    expect(formatLocalDate('2026-11-26 20:30:00', { ...HONG_KONG, language: 'ar' })).toBe(
      ltr('2026-11-27'),
    );
  });
});

describe('formatLocalTimeOfDay', () => {
  it('gives the clock to the second with the zone, as every other time carries it', () => {
    const at = Date.UTC(2026, 10, 26, 5, 3, 15, 900);
    expect(formatLocalTimeOfDay(at, HONG_KONG)).toBe('13:03:15 GMT+8');
    expect(formatLocalTimeOfDay(at, { timeZone: 'Asia/Kolkata', language: 'en' })).toBe(
      '10:33:15 GMT+5:30',
    );
    expect(formatLocalTimeOfDay(at, { ...HONG_KONG, language: 'ar' })).toBe(ltr('13:03:15 GMT+8'));
  });
});
