import { asLots, asPricePoints, NO_PRICE, type PricePoints } from '@tradedesk/engine';
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
import { fireTriggerCommand } from './fire-trigger.ts';
import type { TriggerKind } from './trigger-host.ts';

/**
 * Memory fires a trigger; the database decides (issue 23). A trigger that reaches an order no
 * longer in the state memory believed — closed by hand in between, cancelled, filled by an
 * earlier tick, or not the account's at all — is stale: it changes nothing and says so, so
 * that memory reloads the account. The tick reactions never fire such a trigger on a healthy
 * node, so these tests run the command as a racing tick would.
 */
describe.each(DIALECTS)('a trigger that finds its order changed, on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let user: UserRecord;
  let quote: (bid: number) => void;

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd, quote } = await startEurusdApp(name));
    user = (await demoUser(t, 'trigger-race')).user;
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  // Far past any TP, SL or pending target below: had the command not refused, it would act.
  const farQuote = { bid: asPricePoints(120_000n), ask: asPricePoints(120_008n) };
  const fire = (accountId: number, orderId: number, kind: TriggerKind) =>
    t.core.execute(accountId, fireTriggerCommand(t.trading!.deps.rules, orderId, kind, farQuote));

  /** What a stale trigger must leave as it was: the account, its ledger and the order. */
  async function stateOf(accountId: number, orderId: number) {
    const account = await storedAccount(t, accountId);
    const order = await t.store.db
      .selectFrom('orders')
      .select(['status', 'close_price', 'pnl', 'open_price'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const ledgerRows = await t.store.db
      .selectFrom('ledger')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return {
      balance: account.balance,
      ledger: await ledgerSum(t, accountId),
      ledgerRows: Number(ledgerRows.n),
      order: { ...order, status: Number(order.status) },
    };
  }

  const position = (takeProfit: PricePoints = asPricePoints(110_000n)) =>
    t.trading!.openMarket(user, {
      instrumentId: eurusd,
      side: 'buy',
      lots: asLots(10_000n),
      leverage: 100,
      takeProfit,
      stopLoss: NO_PRICE,
    });
  const pending = () =>
    t.trading!.placePending(user, {
      instrumentId: eurusd,
      side: 'buy',
      lots: asLots(10_000n),
      leverage: 100,
      takeProfit: NO_PRICE,
      stopLoss: NO_PRICE,
      target: asPricePoints(108_000n),
    });

  it.skipIf(skip)(
    'leaves a position closed by hand alone (take profit and stop loss)',
    async () => {
      const order = await position();
      await t.trading!.close(user, order.id);
      const before = await stateOf(user.id, order.id);
      expect(await fire(user.id, order.id, 'tp')).toBe('stale');
      expect(await fire(user.id, order.id, 'sl')).toBe('stale');
      expect(await stateOf(user.id, order.id)).toEqual(before);
    },
  );

  it.skipIf(skip)('closes a position still open: the same command is not stale then', async () => {
    const order = await position();
    expect(await fire(user.id, order.id, 'tp')).toBe('done');
    const after = await stateOf(user.id, order.id);
    expect(after.order.status).toBe(3);
    expect(after.ledger).toBe(after.balance);
  });

  it.skipIf(skip)("refuses another account's order, fired under the wrong account", async () => {
    const order = await position();
    const other = (await demoUser(t, 'trigger-race-other')).user;
    // The other trader has an account of their own (a trigger only ever runs on one).
    await t.trading!.openMarket(other, {
      instrumentId: eurusd,
      side: 'sell',
      lots: asLots(10_000n),
      leverage: 100,
      takeProfit: NO_PRICE,
      stopLoss: NO_PRICE,
    });
    const mine = await stateOf(user.id, order.id);
    const theirs = await storedAccount(t, other.id);
    expect(await fire(other.id, order.id, 'tp')).toBe('stale');
    expect(await fire(other.id, order.id, 'fill')).toBe('stale');
    expect(await stateOf(user.id, order.id)).toEqual(mine);
    expect(await storedAccount(t, other.id)).toEqual(theirs);
  });

  it.skipIf(skip)('refuses an order that does not exist', async () => {
    await position();
    expect(await fire(user.id, 987_654, 'sl')).toBe('stale');
  });

  it.skipIf(skip)(
    'fills a pending order once: a second fill and a TP before it are stale',
    async () => {
      const order = await pending();
      const waiting = await stateOf(user.id, order.id);
      // Not filled yet: a take profit has nothing to close.
      expect(await fire(user.id, order.id, 'tp')).toBe('stale');
      expect(await stateOf(user.id, order.id)).toEqual(waiting);
      expect(await fire(user.id, order.id, 'fill')).toBe('done');
      const filled = await stateOf(user.id, order.id);
      expect(filled.order.status).toBe(1);
      expect(await fire(user.id, order.id, 'fill')).toBe('stale');
      expect(await stateOf(user.id, order.id)).toEqual(filled);
    },
  );

  it.skipIf(skip)('leaves a cancelled pending order alone', async () => {
    const order = await pending();
    await t.trading!.cancel(user, order.id);
    const before = await stateOf(user.id, order.id);
    expect(await fire(user.id, order.id, 'fill')).toBe('stale');
    expect(await stateOf(user.id, order.id)).toEqual(before);
  });

  describe("a fill beside a position in loss: its free margin is the account's, less that loss", () => {
    // 45 lots bought at 1.08508 and 1:500 (margin 9 765.72, fee 4.88286): 90 229.39714 left.
    // A buy limit of 45 lots at 1:100 and 1.07500 reserves its margin and fee there.
    const long = () =>
      t.trading!.openMarket(user, {
        instrumentId: eurusd,
        side: 'buy',
        lots: asLots(450_000n),
        leverage: 500,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
      });
    const buyLimit = (lots: bigint) =>
      t.trading!.placePending(user, {
        instrumentId: eurusd,
        side: 'buy',
        lots: asLots(lots),
        leverage: 100,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
        target: asPricePoints(107_500n),
      });
    const orderRow = (id: number) =>
      t.store.db
        .selectFrom('orders')
        .select(['status', 'close_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it.skipIf(skip)(
      "is cancelled when the position's loss leaves less than its cost, its reserve counted once",
      async () => {
        const position = await long();
        const pendingOrder = await buyLimit(450_000n);
        const before = await storedAccount(t, user.id);
        // At 1.07492 / 1.07500 the buy limit is reached and the long has lost 45 720: with
        // the reserve back, 90 229.40 − 45 720 = 44 509.40 is free, less than the 48 399.19
        // the fill costs. Counting the released reserve again would make it 92 908.59.
        t.clock.advance(1000);
        quote(107_492);
        await t.trading!.idle();
        const row = await orderRow(pendingOrder.id);
        expect({ status: Number(row.status), reason: row.close_reason }).toEqual({
          status: 3,
          reason: 'cancelled',
        });
        expect(Number((await orderRow(position.id)).status)).toBe(1);
        const after = await storedAccount(t, user.id);
        expect(after.balance - before.balance).toBe(pendingOrder.reserve);
        expect(await ledgerSum(t, user.id)).toBe(after.balance);
      },
    );

    it.skipIf(skip)('fills when what the loss leaves covers its cost', async () => {
      const position = await long();
      // 40 lots cost 43 021.50 at 1.07500: less than the 44 509.40 left free.
      const pendingOrder = await buyLimit(400_000n);
      t.clock.advance(1000);
      quote(107_492);
      await t.trading!.idle();
      expect(Number((await orderRow(pendingOrder.id)).status)).toBe(1);
      expect(Number((await orderRow(position.id)).status)).toBe(1);
      const account = await storedAccount(t, user.id);
      expect(await ledgerSum(t, user.id)).toBe(account.balance);
    });
  });

  describe('a pending order whose fill needs more than the account can give', () => {
    // Two pending buys of 45 lots at 1:100 below the market: each holds a reserve of about
    // 48 600 USD of the 100 000 demo balance. Filling one at its target needs its own reserve
    // back plus the free margin beside the other's; at a gap to 1.20 its margin is 54 000, more
    // than the 51 400 the other leaves.
    const bigPending = () =>
      t.trading!.placePending(user, {
        instrumentId: eurusd,
        side: 'buy',
        lots: asLots(450_000n),
        leverage: 100,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
        target: asPricePoints(108_000n),
      });
    const atTarget = { bid: asPricePoints(108_000n), ask: asPricePoints(108_008n) };

    it.skipIf(skip)('fills at its target, its own reserve counted as free', async () => {
      const first = await bigPending();
      await bigPending();
      const outcome = await t.core.execute(
        user.id,
        fireTriggerCommand(t.trading!.deps.rules, first.id, 'fill', atTarget),
      );
      expect(outcome).toBe('done');
      const after = await stateOf(user.id, first.id);
      expect(after.order.status).toBe(1);
      expect(after.ledger).toBe(after.balance);
    });

    it.skipIf(skip)(
      'is cancelled at a gap, its reserve returned, and the trigger is done',
      async () => {
        const first = await bigPending();
        await bigPending();
        const before = await stateOf(user.id, first.id);
        expect(await fire(user.id, first.id, 'fill')).toBe('done');
        const row = await t.store.db
          .selectFrom('orders')
          .select(['status', 'close_reason'])
          .where('id', '=', first.id)
          .executeTakeFirstOrThrow();
        // History (3), cancelled rather than closed: it never traded.
        expect({ status: Number(row.status), reason: row.close_reason }).toEqual({
          status: 3,
          reason: 'cancelled',
        });
        const after = await stateOf(user.id, first.id);
        expect(after.balance - before.balance).toBe(first.reserve);
        expect(after.ledger).toBe(after.balance);
        // Done, not stale: memory must not reload the account for a trigger that did its work.
        expect(await fire(user.id, first.id, 'fill')).toBe('stale');
      },
    );
  });
});
