import { asLots, asMicros, asPricePoints } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '../../platform/core/account-commit.ts';
import { accountNoticesOf } from './account-notices.ts';

const market = { instrument: () => ({ code: 'EURUSD', precision: 5 }) } as never;
const AT = Date.UTC(2026, 10, 3, 15, 0);

/** An order event as trading emits it: a EURUSD buy of 0.10 lot opened at 1.08508. */
function orderEvent(change: string, fields: Record<string, unknown>): AccountEvent {
  return {
    type: 'order',
    change,
    order: {
      id: 51,
      instrumentId: 1,
      lots: asLots(1_000n),
      openPrice: asPricePoints(108_508n),
      closePrice: null,
      targetPrice: null,
      pnl: null,
      closeReason: null,
      ...fields,
    },
  } as never;
}

const noticesOf = (...events: AccountEvent[]) =>
  accountNoticesOf({ accountId: 7, at: AT, events }, market);

describe('what an account’s commands tell beyond the app', () => {
  it('tells closes by take profit, stop loss, stop-out and a copy’s stop, not the trader’s own', () => {
    const closed = (reason: string, pnl: bigint) =>
      orderEvent('closed', {
        closeReason: reason,
        closePrice: asPricePoints(108_600n),
        pnl: asMicros(pnl),
      });
    expect(
      noticesOf(
        closed('take-profit', 9_200_000n),
        closed('stop-loss', -4_567_000n),
        closed('stop-out', 0n),
        closed('copy-stop', -1_005_000n),
        closed('manual', 1_000_000n),
        closed('copy-leader', 1_000_000n),
      ),
    ).toEqual([
      {
        key: 'close:51',
        kind: 'close',
        name: 'closed_take_profit',
        vars: { code: 'EURUSD', lots: '0.1', price: '1.08600', pnl: '+9.20' },
      },
      expect.objectContaining({
        kind: 'close',
        name: 'closed_stop_loss',
        vars: expect.objectContaining({ pnl: '-4.57' }),
      }),
      expect.objectContaining({
        kind: 'close',
        name: 'closed_stop_out',
        vars: expect.objectContaining({ pnl: '0.00' }),
      }),
      expect.objectContaining({
        kind: 'copy',
        name: 'closed_copy_stop',
        vars: expect.objectContaining({ pnl: '-1.01' }),
      }),
    ]);
  });

  it('tells a pending order filled at its price, and one expired at the price it waited for', () => {
    expect(
      noticesOf(
        orderEvent('filled', {}),
        orderEvent('cancelled', { closeReason: 'expired', targetPrice: asPricePoints(108_000n) }),
        orderEvent('cancelled', { closeReason: 'cancelled' }),
        orderEvent('placed', {}),
      ),
    ).toEqual([
      {
        key: 'fill:51',
        kind: 'order',
        name: 'order_filled',
        vars: { code: 'EURUSD', lots: '0.1', price: '1.08508' },
      },
      {
        key: 'expiry:51',
        kind: 'order',
        name: 'order_expired',
        vars: { code: 'EURUSD', lots: '0.1', price: '1.08000' },
      },
    ]);
  });

  it('tells each margin call crossing with its level, stop-out price and the deposit that ends it', () => {
    const call = (stage: 1 | 2, price: number) =>
      ({
        type: 'margin-call',
        level: 9_341n,
        stage,
        stopOutAt: { Id: 51, Code: 'EURUSD', PricePrecision: 5, Price: price },
        deposit: asMicros(3_209_530_000n),
      }) as AccountEvent;
    expect(noticesOf(call(1, 1.06828), call(2, 0))).toEqual([
      {
        key: `margin:7:${AT}:1`,
        kind: 'margin',
        name: 'margin_call',
        vars: { level: '93.41', deposit: '3209.53', code: 'EURUSD', price: '1.06828' },
      },
      {
        key: `margin:7:${AT}:2`,
        kind: 'margin',
        name: 'margin_call_plain',
        vars: { level: '93.41', deposit: '3209.53' },
      },
    ]);
  });

  it('tells a price alert’s firing by its count, and nothing of its other changes', () => {
    const alert = {
      id: 12,
      instrumentId: 1,
      condition: 'below',
      price: asPricePoints(108_000n),
      note: '',
      firedCount: 3,
    };
    const events = [
      { type: 'alert', change: 'fired', alert, price: asPricePoints(107_990n) },
      { type: 'alert', change: 'created', alert },
      { type: 'alert', change: 'rearmed', alert },
    ] as AccountEvent[];
    expect(noticesOf(...events)).toEqual([
      {
        key: 'alert:12:3',
        kind: 'price',
        name: 'alert_below',
        vars: { code: 'EURUSD', level: '1.08000', price: '1.07990', note: '' },
      },
    ]);
  });
});
