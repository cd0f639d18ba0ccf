import type { Alert } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { alertNoticeFromPush, mergeAlertNotices } from './alert-notices.ts';

const alert = (over: Partial<Alert>): Alert => ({
  id: 12,
  forex_id: 1,
  code: 'EURUSD',
  price_precision: 5,
  side: 'bid',
  condition: 'above',
  price: 1.086,
  repeat: 1,
  note: '',
  status: 'cooling',
  fired_count: 1,
  last_fired_at: 1_000,
  expire_at: null,
  created_at: 1,
  ...over,
});

describe('fired price alerts as notices', () => {
  it('takes the firing time of a push, or the time it arrived when it lacks one', () => {
    const fired = alert({ fired_count: 3, last_fired_at: 5_000 });
    expect(alertNoticeFromPush({ key: 'alert:12:3', alert: fired, price: 1.0862 }, 9_000)).toEqual({
      key: 'alert:12:3',
      alert: fired,
      crossed: 1.0862,
      at: 5_000,
    });
    const noTime = alert({ last_fired_at: null });
    expect(alertNoticeFromPush({ key: 'alert:12:1', alert: noTime, price: 1.0862 }, 9_000).at).toBe(
      9_000,
    );
  });

  it("lists each alert's last firing, never one not fired, newest first", () => {
    const notices = mergeAlertNotices(
      [],
      [
        alert({ id: 1, last_fired_at: 2_000 }),
        alert({ id: 2, last_fired_at: null, fired_count: 0, status: 'armed' }),
        alert({ id: 3, last_fired_at: 3_000, fired_count: 4 }),
      ],
    );
    expect(notices.map((n) => [n.key, n.at, n.crossed])).toEqual([
      ['alert:3:4', 3_000, null],
      ['alert:1:1', 2_000, null],
    ]);
  });

  it("keeps a push's firing once, with the price that crossed, beside the session's others", () => {
    const second = alert({ fired_count: 2, last_fired_at: 4_000 });
    const live = [
      alertNoticeFromPush({ key: 'alert:12:2', alert: second, price: 1.0862 }, 0),
      alertNoticeFromPush(
        { key: 'alert:12:1', alert: alert({ last_fired_at: 1_000 }), price: 1.0861 },
        0,
      ),
    ];
    const notices = mergeAlertNotices(live, [second]);
    expect(notices.map((n) => [n.key, n.crossed])).toEqual([
      ['alert:12:2', 1.0862],
      ['alert:12:1', 1.0861],
    ]);
  });

  it('is nothing before the list has loaded', () => {
    expect(mergeAlertNotices([], undefined)).toEqual([]);
  });
});
