import { describe, expect, it } from 'vitest';
import { isMarketOpen, newYorkTime, nextMarketOpen, sessionEnd } from './market-hours.ts';

// 2026-11-02 is a Monday; New York is on EST (UTC−5) after 2026-11-01.
const nyWinter = (day: number, h: number, m = 0) => Date.UTC(2026, 10, day, h + 5, m);
// 2026-07-06 is a Monday; New York is on EDT (UTC−4).
const nySummer = (day: number, h: number, m = 0) => Date.UTC(2026, 6, day, h + 4, m);

describe('market hours in New York time', () => {
  it('reads New York weekday and minutes across DST', () => {
    expect(newYorkTime(nyWinter(2, 9, 30))).toEqual({ weekday: 1, minutes: 570 });
    expect(newYorkTime(nySummer(6, 23, 59))).toEqual({ weekday: 1, minutes: 1439 });
    expect(newYorkTime(nySummer(7, 0, 0))).toEqual({ weekday: 2, minutes: 0 });
  });

  it('opens forex Sunday 17:00 and closes it Friday 17:00, with the 17:00–17:05 break', () => {
    expect(isMarketOpen('forex', nyWinter(1, 16, 59))).toBe(false); // Sunday
    expect(isMarketOpen('forex', nyWinter(1, 17, 0))).toBe(true);
    expect(isMarketOpen('forex', nyWinter(3, 17, 2))).toBe(false); // Tuesday break
    expect(isMarketOpen('forex', nyWinter(3, 17, 5))).toBe(true);
    expect(isMarketOpen('forex', nyWinter(6, 16, 59))).toBe(true); // Friday
    expect(isMarketOpen('forex', nyWinter(6, 17, 0))).toBe(false);
    expect(isMarketOpen('forex', nyWinter(7, 12, 0))).toBe(false); // Saturday
  });

  it('breaks metals for the whole hour 17:00–18:00', () => {
    expect(isMarketOpen('metals', nySummer(7, 17, 30))).toBe(false);
    expect(isMarketOpen('metals', nySummer(7, 18, 0))).toBe(true);
    expect(isMarketOpen('metals', nySummer(5, 17, 30))).toBe(false); // Sunday before 18:00
  });

  it('trades US stocks and indices 09:30–16:00 on weekdays, in summer and winter', () => {
    expect(isMarketOpen('us', nyWinter(2, 9, 29))).toBe(false);
    expect(isMarketOpen('us', nyWinter(2, 9, 30))).toBe(true);
    expect(isMarketOpen('us', nySummer(6, 15, 59))).toBe(true);
    expect(isMarketOpen('us', nySummer(6, 16, 0))).toBe(false);
    expect(isMarketOpen('us', nySummer(4, 12, 0))).toBe(false); // Saturday
  });

  it('never closes crypto', () => {
    expect(isMarketOpen('crypto', nyWinter(7, 3, 0))).toBe(true);
  });

  it('tells when a closed market opens next, and nothing while it is open', () => {
    // Friday 16:00 → Monday 09:30 for stocks, across the November DST switch (Sunday 1st).
    expect(nextMarketOpen('us', Date.UTC(2026, 9, 30, 20, 0))).toBe(nyWinter(2, 9, 30));
    expect(nextMarketOpen('us', nyWinter(2, 9, 29))).toBe(nyWinter(2, 9, 30));
    expect(nextMarketOpen('us', nyWinter(2, 16, 0))).toBe(nyWinter(3, 9, 30));
    expect(nextMarketOpen('us', nyWinter(2, 12, 0))).toBeNull();
    expect(nextMarketOpen('forex', nyWinter(3, 17, 2))).toBe(nyWinter(3, 17, 5));
    expect(nextMarketOpen('metals', nySummer(10, 17, 0))).toBe(nySummer(12, 18, 0)); // Friday
    expect(nextMarketOpen('crypto', nyWinter(7, 3, 0))).toBeNull();
  });
});

describe('sessionEnd', () => {
  // 2026-11-25 was a Wednesday; New York is on EST (UTC−5) then.
  const wednesday = (h: number, m = 0) => Date.UTC(2026, 10, 25, h, m);

  it('ends a forex day at 17:00 New York, the daily break', () => {
    expect(sessionEnd('forex', wednesday(15))).toBe(wednesday(22));
  });

  it('ends a US stock day at 16:00 New York', () => {
    expect(sessionEnd('us', wednesday(15))).toBe(wednesday(21));
  });

  it("ends crypto's day where forex's ends, though it never closes", () => {
    expect(sessionEnd('crypto', wednesday(23))).toBe(Date.UTC(2026, 10, 26, 22));
  });
});
