import { asLots, asPricePoints, NO_PRICE } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { demoUser, startEurusdApp, type TestApp } from '../../testing/test-app.ts';
import type { UserRecord } from '../users/users.repository.ts';

// Memory screens, the database decides — and when the two disagree, memory is rebuilt from
// the database. Here the disagreement is made by hand: another process (a node on another
// bus, an operator's script) changes the account behind this node's back.
describe.each(DIALECTS)('memory rebuilt from the database on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let quote: (bid: number, ask?: number) => void;
  let user: UserRecord;

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd, quote } = await startEurusdApp(name));
    ({ user } = await demoUser(t, 'rebuild-trader-1'));
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  /** Buys 1 lot, with a take profit in points. */
  const buy = (takeProfit = 0n) =>
    t.trading!.openMarket(user, {
      instrumentId: eurusd,
      side: 'buy',
      lots: asLots(10_000n),
      leverage: 100,
      takeProfit: asPricePoints(takeProfit),
      stopLoss: NO_PRICE,
    });

  /** What another process would do: close the position and pay it, bumping the version. */
  async function closeElsewhere(orderId: number, margin: bigint): Promise<void> {
    await t.store.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('orders')
        .set({
          status: 3,
          close_price: 108_500n,
          pnl: 0n,
          close_reason: 'manual',
          closed_at: t.clock.now,
        })
        .where('id', '=', orderId)
        .execute();
      const account = await trx
        .selectFrom('accounts')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      const balance = BigInt(account.balance) + margin;
      await trx
        .updateTable('accounts')
        .set({ balance, version: BigInt(account.version) + 1n })
        .where('user_id', '=', user.id)
        .execute();
      await trx
        .insertInto('ledger')
        .values({
          user_id: user.id,
          amount: margin,
          kind: 'margin-release',
          order_id: orderId,
          balance_after: balance,
          created_at: t.clock.now,
        })
        .execute();
    });
  }

  async function expectMemoryIsDatabase(): Promise<void> {
    const memory = t.trading!.memoryOf(user.id)!;
    const stored = await t.trading!.snapshots.load(user.id);
    expect({ ...memory, orders: [...memory.orders.keys()] }).toEqual({
      ...stored,
      orders: [...stored.orders.keys()],
    });
  }

  it.skipIf(skip)('after a trigger the database no longer backs', async () => {
    const position = await buy(108_600n);
    await closeElsewhere(position.id, position.margin);
    expect(t.trading!.memoryOf(user.id)!.orders.has(position.id)).toBe(true);
    // The take profit fires from memory; the command finds the position closed: stale.
    quote(108_650);
    await t.trading!.idle();
    expect(t.trading!.memoryOf(user.id)!.orders.has(position.id)).toBe(false);
    await expectMemoryIsDatabase();
  });

  it.skipIf(skip)('after a commit that skips a version memory never saw', async () => {
    const first = await buy();
    await closeElsewhere(first.id, first.margin);
    // This node's next commit is two versions past what memory holds: it reloads.
    const second = await buy();
    const memory = t.trading!.memoryOf(user.id)!;
    expect([...memory.orders.keys()]).toEqual([second.id]);
    await expectMemoryIsDatabase();
  });
});
