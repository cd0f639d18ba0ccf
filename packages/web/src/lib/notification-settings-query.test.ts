import { DEFAULT_NOTICE_CHOICES, type NotificationSettings } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { isShownInApp } from './notification-settings-query.ts';

const settings = (price: boolean): NotificationSettings => ({
  kinds: { ...DEFAULT_NOTICE_CHOICES, price: { app: price, push: true, email: false } },
  quiet_from: null,
  quiet_to: null,
  time_zone: 'UTC',
  push_devices: 0,
});

describe('isShownInApp', () => {
  it('follows the trader’s "In app" choice of the kind', () => {
    expect(isShownInApp(settings(false), 'price')).toBe(false);
    expect(isShownInApp(settings(true), 'price')).toBe(true);
    expect(isShownInApp(settings(false), 'close')).toBe(true);
  });

  it('shows while the choices are not known yet', () => {
    expect(isShownInApp(undefined, 'price')).toBe(true);
  });
});
