import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultExpiryField,
  expireAtOf,
  expiryOfOrder,
  fieldTimeOf,
  findExpiryProblem,
  GOOD_TILL_CANCELLED,
  parseFieldTime,
} from './expiry.ts';

/** 2026-11-03 15:00 UTC: 23:00 on the trader's phone in Hong Kong. */
const NOW = Date.UTC(2026, 10, 3, 15, 0);
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Hong_Kong';
});
afterAll(() => {
  process.env.TZ = deviceZone;
});

describe('a pending order’s expiry', () => {
  it('reads and writes the date-time field in the phone’s zone', () => {
    expect(parseFieldTime('2026-11-04T09:30')).toBe(Date.UTC(2026, 10, 4, 1, 30));
    expect(fieldTimeOf(Date.UTC(2026, 10, 4, 1, 30))).toBe('2026-11-04T09:30');
    expect(parseFieldTime('')).toBeNull();
    expect(parseFieldTime('2026-11-04')).toBeNull();
    expect(defaultExpiryField(NOW)).toBe('2026-11-04T23:00');
  });

  it('is sent as good till cancelled, today, or its moment', () => {
    expect(expireAtOf(GOOD_TILL_CANCELLED)).toBe('gtc');
    expect(expireAtOf({ choice: 'today', at: '' })).toBe('today');
    expect(expireAtOf({ choice: 'at', at: '2026-11-04T09:30' })).toBe(Date.UTC(2026, 10, 4, 1, 30));
    expect(expireAtOf({ choice: 'at', at: '' })).toBeNull();
  });

  it('must be chosen, and ahead', () => {
    expect(findExpiryProblem(GOOD_TILL_CANCELLED, NOW)).toBeNull();
    expect(findExpiryProblem({ choice: 'today', at: '' }, NOW)).toBeNull();
    expect(findExpiryProblem({ choice: 'at', at: '' }, NOW)).toBe('order.expiry_required');
    expect(findExpiryProblem({ choice: 'at', at: '2026-11-03T23:00' }, NOW)).toBe(
      'order.expiry_past',
    );
    expect(findExpiryProblem({ choice: 'at', at: '2026-11-03T23:01' }, NOW)).toBeNull();
  });

  it('is read from an order: none is good till cancelled', () => {
    expect(expiryOfOrder({ ExpireTimeHandler: null })).toBe(GOOD_TILL_CANCELLED);
    expect(expiryOfOrder({ ExpireTimeHandler: '2026-11-03 21:00:00' })).toEqual({
      choice: 'at',
      at: '2026-11-04T05:00',
    });
  });
});
