import { asPricePoints } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  demoUser,
  ledgerSum,
  startEurusdApp,
  storedAccount,
  submitPayload,
  type TestApp,
} from '../../testing/test-app.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { modifyPendingCommand } from './modify-pending.ts';

// Issue 40 over HTTP: moving a pending order and closing part of a position. EURUSD is quoted
// 1.08500 / 1.08508 (5 decimals, stop level 10 points) on the test clock's Monday.
describe.each(DIALECTS)('order management on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let quote: (bid: number, ask?: number) => void;
  let user: UserRecord;
  let token: string;

  const post = (path: string, body: Record<string, unknown>, as = token) =>
    t.call('POST', `/v1/api/forex/${path}`, body, { authorization: as });
  const stored = async (id: number) =>
    t.store.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  async function moveMarket(bid: number) {
    t.clock.advance(1000);
    quote(bid);
    await t.trading!.idle();
  }
  /** Balance + margin held + floating P&L: what a partial close must leave as it was. */
  async function equityOf(floatingMicros: bigint) {
    const account = await storedAccount(t, user.id);
    return account.balance + account.marginHeld + floatingMicros;
  }

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd, quote } = await startEurusdApp(name));
    ({ user, token } = await demoUser(t, 'order-management-1'));
    await t.call('GET', '/v1/api/main/wallet/getBalance', {}, { authorization: token });
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  describe('modify_pending', () => {
    async function buyLimit(price: string) {
      const placed = await post(
        'submit',
        submitPayload(eurusd, { status: 0, target_price: price, stop_loss_price: '1.08000' }),
      );
      expect(placed.code).toBe(1);
      return placed.data.Id as number;
    }

    it.skipIf(skip)('moves the price and stops, recomputing the reserve in one step', async () => {
      const id = await buyLimit('1.08400');
      const before = await storedAccount(t, user.id);
      expect(before.lock).toBe(1_084_542_000n);

      const moved = await post('modify_pending', {
        id,
        price: '1.08300',
        take_profit: '1.09000',
        expire_at: t.clock.now + 3_600_000,
      });
      expect(moved).toMatchObject({
        code: 1,
        msg: 'Pending order changed',
        data: { Id: id, OriginPrice: 1.083, TargetProfitPrice: 1.09, TargetLossPrice: 1.08 },
      });
      expect(moved.data.ExpireTimeHandler).not.toBeNull();
      // 1 000 EUR of margin at 1.08300 and its 0.05 % fee: 1 083.5415 USD, 1.0005 released.
      const after = await storedAccount(t, user.id);
      expect(after.lock).toBe(1_083_541_500n);
      expect(after.balance - before.balance).toBe(1_000_500n);
      expect(await ledgerSum(t, user.id)).toBe(after.balance);
      const row = await stored(id);
      expect(BigInt(row.reserve)).toBe(1_083_541_500n);
      expect(BigInt(row.target_price!)).toBe(108_300n);

      // Further from the market holds more.
      await post('modify_pending', { id, price: '1.08450' });
      expect((await storedAccount(t, user.id)).lock).toBe(1_085_042_250n);
      expect(await ledgerSum(t, user.id)).toBe((await storedAccount(t, user.id)).balance);
    });

    it.skipIf(skip)(
      'keeps the type and the stop level, and changes nothing when it refuses',
      async () => {
        const id = await buyLimit('1.08400');
        const before = { order: await stored(id), account: await storedAccount(t, user.id) };
        const refusals = [
          // Above the Ask a buy limit would become a buy stop.
          [{ price: '1.08600' }, 2018],
          // 5 points under the Ask 1.08508: inside the 10-point stop level.
          [{ price: '1.08503' }, 2019],
          [{ price: '1.08300', expire_at: t.clock.now - 1 }, 2020],
          [{ price: '1.08300', stop_loss: '1.09000' }, 2008],
        ] as const;
        for (const [change, code] of refusals)
          expect((await post('modify_pending', { id, ...change })).code).toBe(code);
        const tooClose = await post('modify_pending', { id, price: '1.08503' }, token);
        expect(tooClose.msg).toBe('The price must be at least 0.00010 away from the market');
        expect(await stored(id)).toEqual(before.order);
        expect(await storedAccount(t, user.id)).toEqual(before.account);

        const stranger = await demoUser(t, 'order-management-2');
        expect((await post('modify_pending', { id, price: '1.08300' }, stranger.token)).code).toBe(
          2011,
        );
      },
    );

    it.skipIf(skip)('refuses to move an order the market has reached: it is filling', async () => {
      const id = await buyLimit('1.08400');
      const { rules } = t.trading!.deps;
      // The quote of the command's moment reaches the order before its fill has run.
      const reached = { bid: asPricePoints(108_392n), ask: asPricePoints(108_400n) };
      const market = Object.assign(Object.create(rules.market), { quotePoints: () => reached });
      const before = await stored(id);
      await expect(
        t.core.execute(
          user.id,
          modifyPendingCommand({ ...rules, market }, id, { target: asPricePoints(108_300n) }),
        ),
      ).rejects.toMatchObject({ result: 'ORDER_FILLING' });
      expect(await stored(id)).toEqual(before);
    });

    it.skipIf(skip)('fills at the moved price, not the old one', async () => {
      const id = await buyLimit('1.08400');
      await post('modify_pending', { id, price: '1.08200' });
      await moveMarket(108_380); // Ask 1.08388: past the old price, not the new one
      expect(Number((await stored(id)).status)).toBe(0);
      await moveMarket(108_190); // Ask 1.08198
      const filled = await stored(id);
      expect(Number(filled.status)).toBe(1);
      expect(BigInt(filled.open_price!)).toBe(108_198n);
    });

    it.skipIf(skip)('cancels an order at its expiry and releases its reserve', async () => {
      const placed = await post(
        'submit',
        submitPayload(eurusd, {
          status: 0,
          target_price: '1.08400',
          expire_at: t.clock.now + 60_000,
        }),
      );
      expect(placed.data.ExpireTimeHandler).not.toBeNull();
      t.clock.advance(59_000);
      await t.trading!.expireDue();
      expect(Number((await stored(placed.data.Id)).status)).toBe(0);
      t.clock.advance(1_000);
      await t.trading!.expireDue();
      const expired = await stored(placed.data.Id);
      expect(Number(expired.status)).toBe(3);
      expect(expired.close_reason).toBe('expired');
      const account = await storedAccount(t, user.id);
      expect(account.lock).toBe(0n);
      expect(await ledgerSum(t, user.id)).toBe(account.balance);
    });
  });

  describe('close_part', () => {
    async function openBuy(lots = '1') {
      const opened = await post('submit', submitPayload(eurusd, { cont: lots }));
      expect(opened.code).toBe(1);
      return opened.data.Id as number;
    }

    it.skipIf(skip)(
      'closes 0.3 of 1 lot: the part in history, the rest under the same id',
      async () => {
        const id = await openBuy();
        await moveMarket(108_600); // Bid 1.08600: 92 points above the open at 1.08508
        // 92 points × 1 lot = 92 USD floating before; 0.7 × 92 = 64.4 after.
        const before = await equityOf(92_000_000n);
        const openRow = await stored(id);

        const part = await post('close_part', { id, lots: '0.3' });
        expect(part).toMatchObject({
          code: 1,
          msg: 'Part of the position closed',
          data: { Status: 3, Quantity: 0.3, PartOf: id, CloseReason: 'partial', Price: 1.08508 },
        });
        expect(part.data.FactProfits).toBe(27.6);
        expect(await equityOf(64_400_000n)).toBe(before);

        const rest = await stored(id);
        expect(Number(rest.status)).toBe(1);
        expect(BigInt(rest.lots)).toBe(7_000n);
        expect(BigInt(rest.open_price!)).toBe(108_508n);
        const closed = await stored(part.data.Id);
        // Margin and fee shared by volume; the parts sum to what the position had.
        expect(BigInt(rest.margin) + BigInt(closed.margin)).toBe(BigInt(openRow.margin));
        expect(BigInt(rest.fee) + BigInt(closed.fee)).toBe(BigInt(openRow.fee));
        const account = await storedAccount(t, user.id);
        expect(account.marginHeld).toBe(BigInt(rest.margin));
        expect(await ledgerSum(t, user.id)).toBe(account.balance);
        const rows = await t.store.db
          .selectFrom('ledger')
          .select(['kind', 'amount'])
          .where('order_id', '=', part.data.Id)
          .execute();
        expect(rows.map((r) => [r.kind, BigInt(r.amount)])).toEqual([
          ['margin-release', BigInt(closed.margin)],
          ['pnl', 27_600_000n],
        ]);

        const history = await t.call(
          'GET',
          '/v1/api/forex/my_deal',
          { status: 3 },
          { authorization: token },
        );
        expect(history.data.data).toEqual([
          expect.objectContaining({ Id: part.data.Id, PartOf: id, Quantity: 0.3 }),
        ]);
        const holding = await t.call(
          'GET',
          '/v1/api/forex/my_deal',
          { status: 1 },
          { authorization: token },
        );
        expect(holding.data.data).toEqual([expect.objectContaining({ Id: id, Quantity: 0.7 })]);
      },
    );

    it.skipIf(skip)('refuses what is not a part on the lot grid, changing nothing', async () => {
      const id = await openBuy();
      const before = { order: await stored(id), account: await storedAccount(t, user.id) };
      for (const [lots, code] of [
        ['1', 2021],
        ['1.5', 2021],
        ['0.005', 2002],
        ['0.015', 2004],
        ['0.00001', 2004],
      ] as const)
        expect((await post('close_part', { id, lots })).code).toBe(code);
      expect(await stored(id)).toEqual(before.order);
      expect(await storedAccount(t, user.id)).toEqual(before.account);
      const stranger = await demoUser(t, 'order-management-3');
      expect((await post('close_part', { id, lots: '0.5' }, stranger.token)).code).toBe(2011);
    });

    it.skipIf(skip)('lets two partial closes race without taking the same part twice', async () => {
      const id = await openBuy('0.03');
      const answers = await Promise.all([
        post('close_part', { id, lots: '0.02' }),
        post('close_part', { id, lots: '0.02' }),
      ]);
      expect(answers.map((a) => a.code).sort()).toEqual([1, 2021]);
      expect(BigInt((await stored(id)).lots)).toBe(100n);
      const account = await storedAccount(t, user.id);
      expect(await ledgerSum(t, user.id)).toBe(account.balance);
    });
  });

  describe('set_trailing', () => {
    const stopOf = async (id: number) => BigInt((await stored(id)).stop_loss);

    it.skipIf(skip)(
      "follows eToro's example: up with the Bid, never back, and closes at the trailed stop",
      async () => {
        // eToro: buy at 1.1000, stop 1.0900, trailing on. Here at 1.08508 with stop 1.07508.
        const opened = await post(
          'submit',
          submitPayload(eurusd, { stop_loss_price: '1.07508', cont: '0.1' }),
        );
        const id = opened.data.Id as number;
        const set = await post('set_trailing', { id, distance: '0.01' });
        expect(set).toMatchObject({
          code: 1,
          msg: 'Trailing stop saved',
          data: { TrailingDistance: 0.01, TargetLossPrice: 1.07508 },
        });
        for (const [bid, stop] of [
          [108_509, 107_509n], // 1.1001 → 1.0901
          [109_059, 108_059n], // 1.1051 → 1.0951
          [108_728, 108_059n], // back to 1.1020: stays 1.0951
          [109_628, 108_628n], // 1.1120 → 1.1020
        ] as const) {
          await moveMarket(bid);
          await t.trading!.storeTrailingMoves();
          await t.trading!.idle();
          expect(await stopOf(id)).toBe(stop);
        }
        expect((await stored(id)).stop_moved_at).not.toBeNull();

        await moveMarket(108_620); // under the trailed stop 1.08628
        const closed = await stored(id);
        expect(Number(closed.status)).toBe(3);
        expect(closed.close_reason).toBe('trailing-stop');
        expect(BigInt(closed.close_price!)).toBe(108_620n);
        expect(BigInt(closed.stop_loss)).toBe(108_628n);
        const account = await storedAccount(t, user.id);
        expect(await ledgerSum(t, user.id)).toBe(account.balance);
      },
    );

    it.skipIf(skip)('fires at the stop memory trailed to, before the move was stored', async () => {
      const opened = await post('submit', submitPayload(eurusd, { cont: '0.1' }));
      const id = opened.data.Id as number;
      await post('set_trailing', { id, distance: '0.00100' });
      expect(await stopOf(id)).toBe(108_400n);
      await moveMarket(108_900); // trailed to 1.08800 in memory, not stored yet
      await moveMarket(108_790);
      const closed = await stored(id);
      expect(closed.close_reason).toBe('trailing-stop');
      expect(BigInt(closed.stop_loss)).toBe(108_800n);
    });

    it.skipIf(skip)("starts at Bybit's activation price, and a sell trails the Ask", async () => {
      const opened = await post('submit', submitPayload(eurusd, { type: 2, cont: '0.1' }));
      const id = opened.data.Id as number;
      // A sell closes on the Ask (1.08508): activation below it, 0.00100 above the Ask after.
      await post('set_trailing', { id, distance: '0.001', activation_price: '1.08300' });
      expect(await stopOf(id)).toBe(0n);
      await moveMarket(108_400); // Ask 1.08408: not there yet
      await t.trading!.storeTrailingMoves();
      expect(await stopOf(id)).toBe(0n);
      await moveMarket(108_292); // Ask 1.08300: active, first stop 1.08400
      await t.trading!.storeTrailingMoves();
      await t.trading!.idle();
      const row = await stored(id);
      expect(BigInt(row.stop_loss)).toBe(108_400n);
      expect(Number(row.trailing_active)).toBe(1);
    });

    it.skipIf(skip)('removes it with 0, leaving an ordinary stop where it had moved', async () => {
      const opened = await post('submit', submitPayload(eurusd, { cont: '0.1' }));
      const id = opened.data.Id as number;
      await post('set_trailing', { id, distance: '0.001' });
      await moveMarket(108_700);
      const removed = await post('set_trailing', { id, distance: '0' });
      expect(removed).toMatchObject({
        code: 1,
        msg: 'Trailing stop removed',
        data: { TrailingDistance: 0, TargetLossPrice: 1.086 },
      });
      await moveMarket(109_000); // no longer follows
      await t.trading!.storeTrailingMoves();
      expect(await stopOf(id)).toBe(108_600n);
      await moveMarket(108_590);
      expect((await stored(id)).close_reason).toBe('stop-loss');
    });

    it.skipIf(skip)("trails on from the trader's own stop, looser or tighter", async () => {
      const opened = await post('submit', submitPayload(eurusd, { cont: '0.1' }));
      const id = opened.data.Id as number;
      await post('set_trailing', { id, distance: '0.001' });
      await moveMarket(108_800); // trailed to 1.08700 in memory
      // The trader moves the stop further away: the trailing stop follows from there.
      const loosened = await post('set_stop_price', { id, stop_loss_price: '1.08300' });
      expect(loosened.code).toBe(1);
      await t.trading!.idle();
      await moveMarket(108_650); // under the old trailed stop, above the trader's
      expect(Number((await stored(id)).status)).toBe(1);
      await moveMarket(108_900);
      await t.trading!.storeTrailingMoves();
      await t.trading!.idle();
      expect(await stopOf(id)).toBe(108_800n);
    });

    it.skipIf(skip)('starts with the order, and refuses what cannot trail', async () => {
      const opened = await post(
        'submit',
        submitPayload(eurusd, { cont: '0.1', trailing_distance: '0.002' }),
      );
      expect(opened.data).toMatchObject({ TrailingDistance: 0.002, TargetLossPrice: 1.083 });
      const id = opened.data.Id as number;
      const before = await stored(id);
      expect((await post('set_trailing', { id, distance: '2' })).code).toBe(2025);
      expect(
        (await post('set_trailing', { id, distance: '0.001', activation_price: '1.08000' })).code,
      ).toBe(2024);
      expect(await stored(id)).toEqual(before);
      const pending = await post(
        'submit',
        submitPayload(eurusd, { status: 0, target_price: '1.08000' }),
      );
      expect((await post('set_trailing', { id: pending.data.Id, distance: '0.001' })).code).toBe(
        2012,
      );
      const stranger = await demoUser(t, 'order-management-4');
      expect((await post('set_trailing', { id, distance: '0.001' }, stranger.token)).code).toBe(
        2011,
      );
    });
  });
});
