import type { Alert, AlertPush } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  alertFiredText,
  alertLinesOf,
  alertsOf,
  draftAt,
  isWatching,
  startingPrice,
  toCreateAlertRequest,
} from './alerts.ts';

const alert = (over: Partial<Alert>): Alert => ({
  id: 1,
  forex_id: 7,
  code: 'EURUSD',
  price_precision: 5,
  side: 'bid',
  condition: 'above',
  price: 1.086,
  repeat: 0,
  note: '',
  status: 'armed',
  fired_count: 0,
  last_fired_at: null,
  expire_at: null,
  created_at: 1,
  ...over,
});

// Says the key and its values, so that the test sees what was asked for.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('price alerts', () => {
  it('watches armed and cooling alerts only', () => {
    expect(isWatching({ status: 'armed' })).toBe(true);
    expect(isWatching({ status: 'cooling' })).toBe(true);
    expect(isWatching({ status: 'fired' })).toBe(false);
    expect(isWatching({ status: 'expired' })).toBe(false);
  });

  it("keeps the instrument's alerts in their order", () => {
    const list = [alert({ id: 3 }), alert({ id: 2, forex_id: 8 }), alert({ id: 1 })];
    expect(alertsOf(list, 7).map((a) => a.id)).toEqual([3, 1]);
    expect(alertsOf(undefined, 7)).toEqual([]);
  });

  it('draws a line for each watched alert, with its instrument', () => {
    const list = [
      alert({ id: 1, price: 1.086 }),
      alert({ id: 2, status: 'fired' }),
      alert({ id: 3, forex_id: 8, side: 'ask', condition: 'below', status: 'cooling', price: 2 }),
    ];
    expect(alertLinesOf(t, list)).toEqual([
      { id: 1, forexId: 7, price: 1.086, title: 'alerts.bid alerts.above' },
      { id: 3, forexId: 8, price: 2, title: 'alerts.ask alerts.below' },
    ]);
  });

  it("says a firing at the instrument's precision", () => {
    const push: AlertPush = { key: 'alert:1:1', alert: alert({}), price: 1.0862 };
    const text = alertFiredText(t, push);
    expect(text).toContain('"code":"EURUSD"');
    expect(text).toContain('"price":"1.08600"');
    expect(text).toContain('"now":"1.08620"');
    expect(text).toContain('"side":"alerts.bid"');
    expect(text).toContain('"condition":"alerts.above"');
  });

  it('sends the draft, leaving out an empty note', () => {
    const draft = {
      condition: 'below' as const,
      side: 'ask' as const,
      price: ' 1.08500 ',
      repeat: true,
      note: '  ',
    };
    expect(toCreateAlertRequest(7, draft, 'gtc')).toEqual({
      forex_id: 7,
      side: 'ask',
      condition: 'below',
      price: '1.08500',
      repeat: 1,
      expire_at: 'gtc',
    });
    expect(
      toCreateAlertRequest(7, { ...draft, repeat: false, note: ' hi ' }, 'today'),
    ).toMatchObject({ repeat: 0, note: 'hi', expire_at: 'today' });
  });

  it('starts at the price the alert watches', () => {
    expect(startingPrice({ Bid: 1.1, Ask: 1.2 }, 'bid')).toBe(1.1);
    expect(startingPrice({ Bid: 1.1, Ask: 1.2 }, 'ask')).toBe(1.2);
  });

  it('starts at a level tapped on the chart, rounded, above or below the bid now', () => {
    const eurusd = { Bid: 1.0852, PricePrecision: 5 };
    expect(draftAt(eurusd, 1.086234)).toEqual({ condition: 'above', price: '1.08623' });
    expect(draftAt(eurusd, 1.084318)).toEqual({ condition: 'below', price: '1.08432' });
    // Rounded onto the bid itself: not above it.
    expect(draftAt(eurusd, 1.085204)).toEqual({ condition: 'below', price: '1.08520' });
    expect(draftAt(eurusd, 1.085206)).toEqual({ condition: 'above', price: '1.08521' });
    expect(draftAt({ Bid: 151.2, PricePrecision: 3 }, 151.70049)).toEqual({
      condition: 'above',
      price: '151.700',
    });
  });
});
