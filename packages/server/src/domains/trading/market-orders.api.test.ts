import { asLots, asPricePoints, NO_PRICE } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { adminCall, createOperator } from '../../testing/operators.ts';
import {
  demoUser,
  ledgerSum,
  startEurusdApp,
  storedAccount,
  type TestApp,
} from '../../testing/test-app.ts';

// The test clock: Monday 2026-11-02 07:00 New York — forex open, US stocks not yet.
describe.each(DIALECTS)('market orders on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let quote: (bid: number, ask?: number) => void;

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd, quote } = await startEurusdApp(name));
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  /** A market buy of `lots` in 10^-4 lots. */
  const buy = (lots: bigint, leverage = 100) => ({
    instrumentId: eurusd,
    side: 'buy' as const,
    lots: asLots(lots),
    leverage,
    takeProfit: NO_PRICE,
    stopLoss: NO_PRICE,
  });
  const balanceOf = async (userId: number) => (await storedAccount(t, userId)).balance;

  it.skipIf(skip)(
    'buys at the ask, shows the figures, closes at the bid, and the ledger explains every cent',
    async () => {
      const { user, token } = await demoUser(t, 'trader-0001');
      const order = await t.trading!.openMarket(user, buy(10_000n));
      expect(order).toMatchObject({
        status: 'holding',
        side: 'buy',
        openPrice: 108_508n,
        margin: 1_085_080_000n,
        fee: 542_540n,
      });
      expect(await balanceOf(user.id)).toBe(98_914_377_460n);
      const detail = (
        await t.call('GET', '/v1/api/main/account/forexDetail', {}, { authorization: token })
      ).data;
      expect(detail).toMatchObject({
        balance: 98914.37746,
        current_margin: 1085.08,
        net_value: 99991.45746,
        available_prepayment: 98906.37746,
      });

      t.clock.advance(1000);

      quote(108_600);
      const closed = await t.trading!.close(user, order.id);
      expect(closed).toMatchObject({
        status: 'history',
        closePrice: 108_600n,
        pnl: 92_000_000n,
        closeReason: 'manual',
      });
      expect(await balanceOf(user.id)).toBe(100_091_457_460n);
      expect(await ledgerSum(t, user.id)).toBe(await balanceOf(user.id));
      const ledger = (
        await t.call('GET', '/v1/api/main/accountLog/forexChange', {}, { authorization: token })
      ).data.data;
      expect(ledger.map((r: { MemoTran: string; Value: number }) => [r.MemoTran, r.Value])).toEqual(
        [
          ['Realized profit or loss', 92],
          ['Margin returned', 1085.08],
          ['Trading fee', -0.54254],
          ['Margin for an order', -1085.08],
          ['Demo account funds', 100000],
        ],
      );
    },
  );

  it.skipIf(skip)('charges the fee type an operator set, from the next order on', async () => {
    const { user } = await demoUser(t, 'trader-fee-type');
    const owner = await createOperator(t, 'owner');
    const feeType = async (value: 1 | 2) =>
      expect(
        (await adminCall(t, owner.token, 'updateSettings', { trade_fee_type: value })).code,
      ).toBe(1);
    // Per lot: 1 lot × EURUSD's fee rate of 0.0005 USD = 500 micro-USD.
    await feeType(1);
    expect((await t.trading!.openMarket(user, buy(10_000n))).fee).toBe(500n);
    // A rate of the margin, the default: 1085.08 × 0.0005 = 0.54254 USD.
    await feeType(2);
    expect((await t.trading!.openMarket(user, buy(10_000n))).fee).toBe(542_540n);
  });

  it.skipIf(skip)('never overdraws when dozens of orders race against the balance', async () => {
    const { user } = await demoUser(t, 'trader-race');
    // 10 lots at 1:50 cost 21 712.4508 USD: four fit in 100 000, the fifth does not.
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => t.trading!.openMarket(user, buy(100_000n, 50))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason.result).toBe('INSUFFICIENT_MARGIN');
    expect(await balanceOf(user.id)).toBe(100_000_000_000n - 4n * 21_712_450_800n);
    expect(await ledgerSum(t, user.id)).toBe(await balanceOf(user.id));
  });

  it.skipIf(skip)('closes a position once, however many closes race', async () => {
    const { user } = await demoUser(t, 'trader-close-race');
    const order = await t.trading!.openMarket(user, buy(10_000n));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => t.trading!.close(user, order.id)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason.result).toBe('ORDER_NOT_OPEN');
    expect(await ledgerSum(t, user.id)).toBe(await balanceOf(user.id));
  });

  it.skipIf(skip)("refuses bad orders and other people's positions, changing nothing", async () => {
    const { user } = await demoUser(t, 'trader-refusals');
    const other = await demoUser(t, 'trader-other');
    const aapl = t.market!.tradeList('AAPL')[0]!.Id;
    const refusals = [
      [{ ...buy(10_000n), instrumentId: aapl }, 'MARKET_CLOSED'],
      [buy(150n), 'LOTS_OFF_STEP'],
      [buy(50n), 'LOTS_BELOW_MIN'],
      [buy(10_000n, 300), 'LEVERAGE_NOT_OFFERED'],
      [{ ...buy(10_000n), takeProfit: asPricePoints(108_400n) }, 'TAKE_PROFIT_WRONG_SIDE'],
      [{ ...buy(10_000n), stopLoss: asPricePoints(108_600n) }, 'STOP_LOSS_WRONG_SIDE'],
    ] as const;
    for (const [request, result] of refusals) {
      await expect(t.trading!.openMarket(user, request)).rejects.toMatchObject({ result });
    }
    const mine = await t.trading!.openMarket(user, buy(10_000n));
    await expect(t.trading!.close(other.user, mine.id)).rejects.toMatchObject({
      result: 'ORDER_NOT_FOUND',
    });
    await expect(t.trading!.close(user, 987_654)).rejects.toMatchObject({
      result: 'ORDER_NOT_FOUND',
    });
    const rows = await t.store.db.selectFrom('orders').select('id').execute();
    expect(rows).toHaveLength(1);
    // The refused close touched nothing of the other user's either.
    expect(await ledgerSum(t, other.user.id)).toBe(0n);
  });
});
