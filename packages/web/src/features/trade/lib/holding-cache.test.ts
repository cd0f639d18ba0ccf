import type { ForexTradePush, MyDeal, Order } from '@tradedesk/contract';
import { describe, expect, it } from 'vitest';
import { type HoldingPages, withLivePrices, withoutOrder } from './holding-cache.ts';

const order = (Id: number): Order => ({
  Id,
  ForexId: 1,
  ForexTradeLists: { ShowCode: 'EURUSD', Code: 'EURUSD', PricePrecision: 5 },
  OrderType: 1,
  Status: 1,
  Quantity: 1,
  Multiple: 100,
  OriginPrice: 1.08508,
  Price: 1.08508,
  UpdatePrice: 1.085,
  FactProfits: -8,
  CautionMoney: 1085.08,
  TradeFee: 0.54254,
  TargetLossPrice: 0,
  TargetProfitPrice: 0,
  ClosePrice: 0,
  CloseReason: null,
  CreateTimeHandler: '2026-11-03 15:00:00',
  CloseTimeHandler: null,
  TrailingDistance: 0,
  TrailingActivation: 0,
  StopMovedTimeHandler: null,
  ExpireTimeHandler: null,
  PartOf: null,
});
const page = (ids: number[], total: number): MyDeal => ({
  data: ids.map(order),
  total,
  all_fact_profits: -16,
  balance: 97_828.75,
});
const holding = (...pages: MyDeal[]): HoldingPages => ({
  pages,
  pageParams: pages.map((_, i) => i + 1),
});
const push = (orders: ForexTradePush['orders']): ForexTradePush => ({
  orders,
  summary: {
    all_fact_profits: 184,
    balance: 97_828.75,
    lock_balance: 0,
    net_value: 100_182.91,
    current_margin: 2170.16,
    available_assets: 98_012.75,
    risk_rate: 2.17,
    available_prepayment: 98_012.75,
    prepayment_ratio: 4616.37,
  },
  changed: [],
});

/** When the pushes below arrive: 2026-11-03 15:00:12 UTC. */
const NOW = Date.UTC(2026, 10, 3, 15, 0, 12);

describe('the live holding list', () => {
  it('moves each order and the summary with a push', () => {
    const { holding: after, stale } = withLivePrices(
      holding(page([7, 8], 2)),
      push([
        { Id: 7, UpdatePrice: 1.086, FactProfits: 92 },
        { Id: 8, UpdatePrice: 1.086, FactProfits: 92 },
      ]),
      NOW,
    );
    expect(stale).toBe(false);
    expect(after.pages[0]!.data.map((o) => [o.Id, o.UpdatePrice, o.FactProfits])).toEqual([
      [7, 1.086, 92],
      [8, 1.086, 92],
    ]);
    expect(after.pages[0]!.all_fact_profits).toBe(184);
  });

  it('is stale when it counts other positions than the push (one filled, one closed elsewhere)', () => {
    const list = holding(page([7], 1));
    expect(withLivePrices(list, push([{ Id: 7, UpdatePrice: 1, FactProfits: 1 }]), NOW).stale).toBe(
      false,
    );
    expect(
      withLivePrices(
        list,
        push([
          { Id: 7, UpdatePrice: 1, FactProfits: 1 },
          { Id: 9, UpdatePrice: 1, FactProfits: 1 },
        ]),
        NOW,
      ).stale,
    ).toBe(true);
    expect(withLivePrices(list, push([]), NOW).stale).toBe(true);
  });

  it('moves the stop loss a trailing stop moved, and says when (issue 40)', () => {
    const list = holding(page([7, 8], 2));
    const before = list.pages[0]!.data[0]!;
    const { holding: after } = withLivePrices(
      list,
      push([
        { Id: 7, UpdatePrice: 1.086, FactProfits: 92, TargetLossPrice: 1.085 },
        // The same stop as stored: nothing moved, no time is made up.
        { Id: 8, UpdatePrice: 1.086, FactProfits: 92, TargetLossPrice: before.TargetLossPrice },
      ]),
      NOW,
    );
    const [moved, still] = after.pages[0]!.data;
    expect(moved).toMatchObject({
      TargetLossPrice: 1.085,
      StopMovedTimeHandler: '2026-11-03 15:00:12',
    });
    expect(still).toMatchObject({
      TargetLossPrice: before.TargetLossPrice,
      StopMovedTimeHandler: before.StopMovedTimeHandler,
    });
    // An older server's push without the stop leaves it as the list loaded it.
    const { holding: old } = withLivePrices(
      list,
      push([
        { Id: 7, UpdatePrice: 1, FactProfits: 1 },
        { Id: 8, UpdatePrice: 1, FactProfits: 1 },
      ]),
      NOW,
    );
    expect(old.pages[0]!.data[0]!.TargetLossPrice).toBe(before.TargetLossPrice);
  });

  it('drops a closed position from whichever page holds it and counts one fewer everywhere', () => {
    const list = holding(page([1, 2], 3), page([3], 3));
    const after = withoutOrder(list, 3);
    expect(after.pages.map((p) => [p.data.map((o) => o.Id), p.total])).toEqual([
      [[1, 2], 2],
      [[], 2],
    ]);
    // A position the list never showed changes nothing.
    expect(withoutOrder(list, 99)).toBe(list);
  });
});
