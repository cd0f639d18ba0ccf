import { DEFAULT_NOTICE_CHOICES } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './notification-settings.repository.ts';
import { deliveryOf, isQuiet, localMinutes } from './quiet-hours.ts';

// 2026-11-03 23:30 UTC: 18:30 in New York (EST), 07:30 next morning in Hong Kong.
const AT = Date.UTC(2026, 10, 3, 23, 30);

describe('quiet hours', () => {
  it("reads the trader's wall clock in their time zone", () => {
    expect(localMinutes(AT, 'UTC')).toBe(23 * 60 + 30);
    expect(localMinutes(AT, 'America/New_York')).toBe(18 * 60 + 30);
    expect(localMinutes(AT, 'Asia/Hong_Kong')).toBe(7 * 60 + 30);
  });

  it('runs over midnight, includes its start and excludes its end', () => {
    const night = { from: '22:00', to: '07:30' };
    expect(isQuiet(night, 'UTC', AT)).toBe(true);
    expect(isQuiet(night, 'America/New_York', AT)).toBe(false);
    expect(isQuiet(night, 'Asia/Hong_Kong', AT)).toBe(false); // 07:30: just over
    expect(isQuiet({ from: '18:30', to: '19:00' }, 'America/New_York', AT)).toBe(true);
    expect(isQuiet({ from: '08:00', to: '08:00' }, 'UTC', AT)).toBe(false);
    expect(isQuiet(null, 'UTC', AT)).toBe(false);
  });

  it('holds a price alert in quiet hours, never an account alert', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      choices: { ...DEFAULT_NOTICE_CHOICES, price: { app: true, push: true, email: true } },
      quietHours: { from: '23:00', to: '06:00' },
    };
    expect(deliveryOf(settings, 'price', AT)).toEqual({ push: false, email: false });
    expect(deliveryOf(settings, 'margin', AT)).toEqual({ push: true, email: true });
    expect(deliveryOf(settings, 'price', AT + 7 * 3_600_000)).toEqual({ push: true, email: true });
    expect(deliveryOf(settings, 'close', AT)).toEqual({ push: true, email: false });
  });
});
