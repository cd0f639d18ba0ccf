import { asLots, asPricePoints, NO_PRICE } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  demoUser,
  ledgerSum,
  startEurusdApp,
  storedAccount,
  type TestApp,
} from '../../testing/test-app.ts';
import type { UserRecord } from '../users/users.repository.ts';

// 45 lots of EURUSD at 1:500 bought at 1.08508: margin 9 765.72, fee 4.88286.
describe.each(DIALECTS)('stop-out on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let quote: (bid: number, ask?: number) => void;
  let user: UserRecord;

  async function tick(bid: number) {
    t.clock.advance(1000);
    quote(bid);
    await t.trading!.idle();
  }
  const status = async (id: number) => {
    const row = await t.store.db
      .selectFrom('orders')
      .select(['status', 'close_reason', 'pnl'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      status: Number(row.status),
      reason: row.close_reason,
      pnl: row.pnl === null ? null : BigInt(row.pnl),
    };
  };

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd, quote } = await startEurusdApp(name));
    user = (await demoUser(t, 'stop-out-trader')).user;
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const big = () =>
    t.trading!.openMarket(user, {
      instrumentId: eurusd,
      side: 'buy',
      lots: asLots(450_000n),
      leverage: 500,
      takeProfit: NO_PRICE,
      stopLoss: NO_PRICE,
    });

  it.skipIf(skip)(
    'closes the position when the margin level falls below 50 %, not before',
    async () => {
      const position = await big();
      await tick(106_400); // loss 94 860: equity 5 135.12 > 4 882.86 (52.6 %)
      expect((await status(position.id)).status).toBe(1);
      await tick(106_300); // loss 99 360: equity 635.12, 6.5 %
      expect(await status(position.id)).toEqual({
        status: 3,
        reason: 'stop-out',
        pnl: -99_360_000_000n,
      });
      const account = await storedAccount(t, user.id);
      expect(account.balance).toBe(635_117_140n);
      expect(await ledgerSum(t, user.id)).toBe(account.balance);
    },
  );

  it.skipIf(skip)('stops out at the configured level (STOP_OUT_LEVEL)', async () => {
    await t.close();
    ({ t, eurusd, quote } = await startEurusdApp(name, { STOP_OUT_LEVEL: '60' }));
    user = (await demoUser(t, 'stop-out-trader-60')).user;
    const position = await big();
    await tick(106_700); // loss 81 360: equity 18 635.12, 190.8 %
    expect((await status(position.id)).status).toBe(1);
    await tick(106_400); // 52.6 %: above the default 50 %, below 60 %
    expect(await status(position.id)).toMatchObject({ status: 3, reason: 'stop-out' });
    expect(await ledgerSum(t, user.id)).toBe((await storedAccount(t, user.id)).balance);
  });

  it.skipIf(skip)(
    'a manual close that leaves the balance below 0 closes nothing else while the level is healthy',
    async () => {
      const long = await big();
      const short = await t.trading!.openMarket(user, {
        instrumentId: eurusd,
        side: 'sell',
        lots: asLots(450_000n),
        leverage: 500,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
      });
      // Hedged: the long loses 94 860, the short gains 94 140 — equity is healthy (508 %),
      // but the long's loss is more than the balance (80 459.51) and its margin (9 765.72).
      await tick(106_400);
      expect((await status(short.id)).status).toBe(1);
      await t.trading!.close(user, long.id);
      await t.trading!.idle();
      expect(await status(long.id)).toEqual({
        status: 3,
        reason: 'manual',
        pnl: -94_860_000_000n,
      });
      // Issue 22: the short covers the balance left below 0 (MT5, ESMA): it stays open.
      expect((await status(short.id)).status).toBe(1);
      const during = await storedAccount(t, user.id);
      expect(during.balance < 0n).toBe(true);
      expect(during.marginHeld).toBe(9_765_000_000n);
      expect(await ledgerSum(t, user.id)).toBe(during.balance);
      const detail = await t.trading!.detail(user);
      // Equity: the balance, the short's margin and its gain: 100 000 − fees − 94 860 + 94 140.
      expect(detail.net_value).toBe(99_270.23464);
      expect(detail.balance).toBeLessThan(0);
      // Nothing may leave a negative balance: no withdrawal, no new order's cost.
      expect(detail.available_assets).toBe(0);
      await t.trading!.close(user, short.id);
      const account = await storedAccount(t, user.id);
      // 100 000 − both fees (4.88286 + 4.8825) − 94 860 + 94 140.
      expect(account.balance).toBe(99_270_234_640n);
      expect(account.marginHeld).toBe(0n);
      expect(await ledgerSum(t, user.id)).toBe(account.balance);
    },
  );

  it.skipIf(skip)(
    'a manual close below 0 is judged on what is left open, not on the position it closed',
    async () => {
      // 40 lots sold at 1.08500 and 1:100 (margin 43 400) and 25 bought at 1.08508 and 1:50
      // (margin 54 254): 2 297.17 of the balance is left. At 1.11800 the short has lost
      // 132 320 and the long gained 82 300: equity 49 931.17 is 51.1 % of both margins.
      const short = await t.trading!.openMarket(user, {
        instrumentId: eurusd,
        side: 'sell',
        lots: asLots(400_000n),
        leverage: 100,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
      });
      const long = await t.trading!.openMarket(user, {
        instrumentId: eurusd,
        side: 'buy',
        lots: asLots(250_000n),
        leverage: 50,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
      });
      await tick(111_800);
      expect((await status(short.id)).status).toBe(1);
      // Closing the short leaves the balance at −86 622.83, beside the long's 54 254 margin
      // and 82 300 gain: 92 % on the long alone. Counted with the short it just closed, the
      // level would be below 0 and the long stopped out with it.
      await t.trading!.close(user, short.id);
      expect(await status(short.id)).toMatchObject({ status: 3, reason: 'manual' });
      expect((await status(long.id)).status).toBe(1);
      const account = await storedAccount(t, user.id);
      expect(account.balance < 0n).toBe(true);
      expect(account.marginHeld).toBe(54_254_000_000n);
      expect(await ledgerSum(t, user.id)).toBe(account.balance);
    },
  );

  it.skipIf(skip)(
    'protects once, with the last close, when a gap stops out two positions',
    async () => {
      const small = await t.trading!.openMarket(user, {
        instrumentId: eurusd,
        side: 'buy',
        lots: asLots(100_000n),
        leverage: 500,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
      });
      const large = await big();
      // Losses 157 860 + 35 080 against 88 058.15 of balance and 11 935.88 of margin.
      await tick(105_000);
      expect(await status(large.id)).toMatchObject({ status: 3, reason: 'stop-out' });
      expect(await status(small.id)).toMatchObject({ status: 3, reason: 'stop-out' });
      const protection = await t.store.db
        .selectFrom('ledger')
        .select(['amount', 'order_id'])
        .where('user_id', '=', user.id)
        .where('kind', '=', 'protection')
        .execute();
      // One row, in the update that closed the smaller loss (closed last), not a row alone.
      expect(protection.map((r) => Number(r.order_id))).toEqual([small.id]);
      const account = await storedAccount(t, user.id);
      expect([account.balance, account.marginHeld]).toEqual([0n, 0n]);
      expect(await ledgerSum(t, user.id)).toBe(0n);
    },
  );

  it.skipIf(skip)('protects against a negative balance after a gap', async () => {
    const position = await big();
    await tick(105_000); // loss 157 860: the balance would be −57 864.88286
    expect((await status(position.id)).reason).toBe('stop-out');
    const account = await storedAccount(t, user.id);
    expect(account.balance).toBe(0n);
    expect(await ledgerSum(t, user.id)).toBe(0n);
    const rows = await t.store.db
      .selectFrom('ledger')
      .select(['kind', 'amount'])
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(rows[0]).toMatchObject({ kind: 'protection' });
    expect(BigInt(rows[0]!.amount)).toBe(57_864_882_860n);
  });

  it.skipIf(skip)('closes the largest loss first and keeps the rest', async () => {
    const small = await t.trading!.openMarket(user, {
      instrumentId: eurusd,
      side: 'buy',
      lots: asLots(10_000n),
      leverage: 500,
      takeProfit: NO_PRICE,
      stopLoss: NO_PRICE,
    });
    const large = await big();
    // Losses 94 500 + 2 100: equity 3 395.01 ≤ 50 % of 9 982.74 used. Closing the large one
    // leaves a balance of 5 277.99 and 1 564 % on the small one: it stays.
    await tick(106_408);
    expect((await status(large.id)).reason).toBe('stop-out');
    expect((await status(small.id)).status).toBe(1);
    const account = await storedAccount(t, user.id);
    // 100 000 − 217.016 (small margin) − 0.108508 − 4.88286 (fees) − 94 500 (large loss).
    expect(account.balance).toBe(5_277_992_632n);
    // Nothing to protect: no protection row, not even one of 0.
    const kinds = await t.store.db
      .selectFrom('ledger')
      .select('kind')
      .where('user_id', '=', user.id)
      .execute();
    expect(kinds.map((r) => r.kind)).not.toContain('protection');
    expect(await ledgerSum(t, user.id)).toBe(account.balance);
  });

  const pendingBuy = (lots: bigint, target: bigint) =>
    t.trading!.placePending(user, {
      instrumentId: eurusd,
      side: 'buy',
      lots: asLots(lots),
      leverage: 50,
      takeProfit: NO_PRICE,
      stopLoss: NO_PRICE,
      target: asPricePoints(target),
    });

  it.skipIf(skip)(
    'counts pending reserves in equity: a large reserve keeps a losing account healthy',
    async () => {
      // 38 lots at 1:50 reserved at 1.05000: 79 800 + 39.9 fee.
      const reserve = await pendingBuy(380_000n, 105_000n);
      expect(reserve.reserve).toBe(79_839_900_000n);
      const position = await big();
      // Loss 94 860: without the reserve, equity would be 10 389.50 (balance) + 9 765.72
      // (margin) − 94 860 < 0, a stop-out. With it (MT5: a pending order changes no equity),
      // 5 135.12 of 9 765.72 = 52.58 %: none.
      await tick(106_400);
      expect((await status(position.id)).status).toBe(1);
      expect((await status(reserve.id)).status).toBe(0);
      const detail = await t.trading!.detail(user);
      expect(detail.net_value).toBe(5_135.11714);
      expect(detail.prepayment_ratio).toBe(52.58);
    },
  );

  it.skipIf(skip)(
    'cancels pending orders first, largest reserve first, then closes the position',
    async () => {
      const small = await pendingBuy(10_000n, 105_000n);
      const large = await pendingBuy(20_000n, 104_000n);
      const position = await big();
      await tick(106_300); // 6.5 % with the reserves in equity: due
      expect(await status(large.id)).toMatchObject({ status: 3, reason: 'stop-out' });
      expect(await status(small.id)).toMatchObject({ status: 3, reason: 'stop-out' });
      expect(await status(position.id)).toMatchObject({ status: 3, reason: 'stop-out' });
      const ledger = await t.store.db
        .selectFrom('ledger')
        .select(['kind', 'order_id'])
        .where('user_id', '=', user.id)
        .where('kind', 'in', ['reserve-release', 'margin-release'])
        .orderBy('id')
        .execute();
      expect(ledger.map((r) => [r.kind, Number(r.order_id)])).toEqual([
        ['reserve-release', large.id],
        ['reserve-release', small.id],
        ['margin-release', position.id],
      ]);
      const account = await storedAccount(t, user.id);
      expect([account.lock, account.marginHeld]).toEqual([0n, 0n]);
      expect(await ledgerSum(t, user.id)).toBe(account.balance);
    },
  );

  it.skipIf(skip)(
    'a gap stop-out that cancels a pending order too protects in the close, not after it',
    async () => {
      // 1 lot at 1:50 waiting at 1.04000, out of the gap's reach (asks 1.05008).
      const waiting = await pendingBuy(10_000n, 104_000n);
      const position = await big();
      await tick(105_000);
      expect(await status(waiting.id)).toMatchObject({ status: 3, reason: 'stop-out' });
      expect(await status(position.id)).toMatchObject({ status: 3, reason: 'stop-out' });
      const protection = await t.store.db
        .selectFrom('ledger')
        .select('order_id')
        .where('user_id', '=', user.id)
        .where('kind', '=', 'protection')
        .execute();
      // The pending order is no position: with the long closed nothing is open, so the plan
      // protects in the close's own update.
      expect(protection.map((r) => Number(r.order_id))).toEqual([position.id]);
      expect((await storedAccount(t, user.id)).balance).toBe(0n);
      expect(await ledgerSum(t, user.id)).toBe(0n);
    },
  );

  it.skipIf(skip)(
    'a stop loss filled at a gap beyond the cash: negative balance protection in the same command',
    async () => {
      const position = await t.trading!.openMarket(user, {
        instrumentId: eurusd,
        side: 'buy',
        lots: asLots(450_000n),
        leverage: 500,
        takeProfit: NO_PRICE,
        stopLoss: asPricePoints(107_000n),
      });
      // The market gaps through the stop loss: it fills at the tick's bid, 1.05000.
      await tick(105_000);
      expect(await status(position.id)).toEqual({
        status: 3,
        reason: 'stop-loss',
        pnl: -157_860_000_000n,
      });
      const account = await storedAccount(t, user.id);
      expect([account.balance, account.marginHeld]).toEqual([0n, 0n]);
      const rows = await t.store.db
        .selectFrom('ledger')
        .select(['kind', 'amount', 'created_at'])
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .limit(3)
        .execute();
      // Protection came with the close (one commit, one time), not from a later command.
      expect(rows.map((r) => r.kind)).toEqual(['protection', 'pnl', 'margin-release']);
      expect(BigInt(rows[0]!.amount)).toBe(57_864_882_860n);
      expect(new Set(rows.map((r) => Number(r.created_at))).size).toBe(1);
    },
  );
});
