import type { Order } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurusdAt, BUY_LIMIT as LIMIT_FIXTURE } from '../../../testing/eurusd-orders.ts';
import {
  editOf,
  findEditProblems,
  hasEditProblem,
  type PendingEdit,
  reserveAt,
  stepPrice,
  toModifyRequest,
} from './pending-edit.ts';

/** Quoted 1.08500 / 1.08508. */
const EURUSD = eurusdAt(1.085, 1.08508);
/** A Buy Limit of 0.01 lot at 1.08000 under the ask 1.08508, its stop loss at 1.07500. */
const BUY_LIMIT: Order = { ...LIMIT_FIXTURE, UpdatePrice: 1.08508 };

/** 2026-11-03 15:00 UTC, 23:00 on the trader's phone in Hong Kong. */
const NOW = Date.UTC(2026, 10, 3, 15, 0);
const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Hong_Kong';
});
afterAll(() => {
  process.env.TZ = deviceZone;
});

describe('a pending order’s edit', () => {
  it('starts from the order: its price at its precision, its stops, its expiry', () => {
    expect(editOf(BUY_LIMIT)).toEqual({
      price: '1.08000',
      stopLoss: { on: true, price: '1.07500' },
      takeProfit: { on: false, price: '' },
      expiry: { choice: 'gtc', at: '' },
    });
    // A moment on the wire (UTC) is the phone's in the field: 22:00 UTC is 06:00 in Hong Kong.
    expect(editOf({ ...BUY_LIMIT, ExpireTimeHandler: '2026-11-03 22:00:00' }).expiry).toEqual({
      choice: 'at',
      at: '2026-11-04T06:00',
    });
  });

  it('steps the price a point at a time, never below one point', () => {
    expect(stepPrice('1.08000', 1.08, 5, -1)).toBe('1.07999');
    expect(stepPrice('1.08', 1.08, 5, 1)).toBe('1.08001');
    // Nothing typed: from the order's own price.
    expect(stepPrice('', 1.08, 5, 1)).toBe('1.08001');
    expect(stepPrice('0.00001', 1.08, 5, -1)).toBe('0.00001');
  });

  it('sends the price and both stops as they stand, the expiry only when it was changed', () => {
    const initial = editOf({ ...BUY_LIMIT, ExpireTimeHandler: '2026-11-03 22:00:00' });
    const moved: PendingEdit = {
      ...initial,
      price: '1.07950',
      stopLoss: { on: false, price: '' },
      takeProfit: { on: true, price: '1.09000' },
    };
    expect(toModifyRequest(BUY_LIMIT, moved, initial)).toEqual({
      id: 61,
      price: '1.07950',
      stop_loss: '0',
      take_profit: '1.09000',
    });
    expect(
      toModifyRequest(BUY_LIMIT, { ...moved, expiry: { choice: 'today', at: '' } }, initial),
    ).toMatchObject({ expire_at: 'today' });
    expect(
      toModifyRequest(BUY_LIMIT, { ...moved, expiry: { choice: 'gtc', at: '' } }, initial),
    ).toMatchObject({ expire_at: 'gtc' });
    // 2026-11-05 09:30 in Hong Kong is 01:30 UTC.
    expect(
      toModifyRequest(
        BUY_LIMIT,
        { ...moved, expiry: { choice: 'at', at: '2026-11-05T09:30' } },
        initial,
      ),
    ).toMatchObject({ expire_at: Date.UTC(2026, 10, 5, 1, 30) });
  });

  it('refuses a price that would make it another type, as the server would', () => {
    const initial = editOf(BUY_LIMIT);
    const over = { ...initial, price: '1.08600' };
    expect(findEditProblems(BUY_LIMIT, over, initial, EURUSD, NOW).price).toEqual({
      key: 'order.type_would_change',
      typeKey: 'trade.buy_stop',
    });
    // Without the live quote, the price it fills on as the list loaded it (the same ask).
    expect(findEditProblems(BUY_LIMIT, over, initial, undefined, NOW).price).not.toBeNull();
    const under = { ...initial, price: '1.08100' };
    expect(hasEditProblem(findEditProblems(BUY_LIMIT, under, initial, EURUSD, NOW))).toBe(false);
    expect(
      findEditProblems(BUY_LIMIT, { ...initial, price: '' }, initial, EURUSD, NOW).price,
    ).toEqual({ key: 'trade.price_required' });
  });

  it('judges the stops against the new price', () => {
    const initial = editOf(BUY_LIMIT);
    // Moved under its own stop loss: the stop is now above the order's price.
    const problems = findEditProblems(
      BUY_LIMIT,
      { ...initial, price: '1.07400' },
      initial,
      EURUSD,
      NOW,
    );
    expect(problems.stopLoss).toEqual({
      key: 'trade.sl_below_order_price',
      values: { price: '1.07400' },
    });
  });

  it('judges a changed expiry by the phone’s clock, and leaves one as it was alone', () => {
    // An expiry that has passed by the phone's clock (which may differ from the server's).
    const order = { ...BUY_LIMIT, ExpireTimeHandler: '2026-11-03 14:00:00' };
    const initial = editOf(order);
    expect(findEditProblems(order, initial, initial, EURUSD, NOW).expiry).toBeNull();
    const past = { ...initial, expiry: { choice: 'at' as const, at: '2026-11-03T22:59' } };
    expect(findEditProblems(order, past, initial, EURUSD, NOW).expiry).toBe('order.expiry_past');
    const none = { ...initial, expiry: { choice: 'at' as const, at: '' } };
    expect(findEditProblems(order, none, initial, EURUSD, NOW).expiry).toBe(
      'order.expiry_required',
    );
  });

  it('prices the reserve at the new price as placing would: margin and fee', () => {
    // 0.01 × 100 000 × 1.07950 / 50 = 21.59 USD of margin and its 0.05 % fee, 0.010795.
    const reserve = reserveAt({
      order: BUY_LIMIT,
      price: '1.07950',
      instrument: EURUSD,
      instruments: [EURUSD],
      feeType: 2,
    });
    expect(reserve).toBe(21_600_795n);
    expect(
      reserveAt({ order: BUY_LIMIT, price: 'x', instrument: EURUSD, instruments: [], feeType: 2 }),
    ).toBeNull();
    expect(
      reserveAt({
        order: BUY_LIMIT,
        price: '1.0795',
        instrument: undefined,
        instruments: [],
        feeType: 2,
      }),
    ).toBeNull();
  });
});
