import { asLots, NO_PRICE } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { demoUser, startEurusdApp, type TestApp } from '../../testing/test-app.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { holdingsOf } from './account-holdings.ts';
import { holdingsFor, liveOrdersOf, positionsOf } from './account-orders.ts';
import type { OrderRecord } from './order-record.ts';
import type { TradingRules } from './trading-rules.ts';

/**
 * Memory's copy of an account's orders stands in for the database's only when it is provably
 * the same: at the version read under the command's lock, and before the command moved an
 * order. Here memory is deliberately wrong (it says the account holds nothing), so every
 * answer shows which of the two was read.
 */
describe.each(DIALECTS)('memory read in place of the database, on $name', ({ name, skip }) => {
  let t: TestApp;
  let user: UserRecord;
  let position: OrderRecord;

  beforeEach(async () => {
    if (skip) return;
    let eurusd: number;
    ({ t, eurusd } = await startEurusdApp(name));
    user = (await demoUser(t, 'memory-reader')).user;
    position = await t.trading!.openMarket(user, {
      instrumentId: eurusd,
      side: 'buy',
      lots: asLots(10_000n),
      leverage: 100,
      takeProfit: NO_PRICE,
      stopLoss: NO_PRICE,
    });
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  /** Memory that answers `answer` (undefined: not at that version) and notes what it was asked. */
  function memoryAnswering(answer: OrderRecord[] | undefined) {
    const asked: [number, number][] = [];
    const rules: Pick<TradingRules, 'positionsAt' | 'liveOrdersAt' | 'holdingsAt'> = {
      positionsAt: (accountId, version) => {
        asked.push([accountId, version]);
        return answer;
      },
      liveOrdersAt: (accountId, version) => {
        asked.push([accountId, version]);
        return answer;
      },
      holdingsAt: (accountId, version) => {
        asked.push([accountId, version]);
        return answer && holdingsOf(answer);
      },
    };
    return { asked, rules };
  }

  /** What `read` answers inside a command on the trader's account, rolled back after. */
  async function inCommand<T>(read: (ctx: CommandContext) => Promise<T>): Promise<T> {
    let answer: T | undefined;
    const rollBack = new Error('rolled back by the test');
    await expect(
      t.core.execute(user.id, {
        name: 'test-read',
        async run(ctx) {
          answer = await read(ctx);
          throw rollBack;
        },
      }),
    ).rejects.toBe(rollBack);
    return answer as T;
  }
  const ids = (orders: readonly OrderRecord[]) => orders.map((o) => o.id);

  it.skipIf(skip)('reads memory at the locked version while no order moved', async () => {
    const { asked, rules } = memoryAnswering([]);
    const { positions, live, held, version } = await inCommand(async (ctx) => ({
      positions: await positionsOf(ctx, rules),
      live: await liveOrdersOf(ctx, rules),
      held: (await holdingsFor(ctx, rules)).live,
      version: ctx.account.version,
    }));
    expect([positions, live, held]).toEqual([[], [], 0]);
    expect(asked).toEqual([
      [user.id, version],
      [user.id, version],
      [user.id, version],
    ]);
  });

  it.skipIf(skip)('reads the database once the command moved an order', async () => {
    const { asked, rules } = memoryAnswering([]);
    const { positions, live, held } = await inCommand(async (ctx) => {
      ctx.emit({ type: 'order', change: 'stops', order: position });
      return {
        positions: await positionsOf(ctx, rules),
        live: await liveOrdersOf(ctx, rules),
        held: await holdingsFor(ctx, rules),
      };
    });
    expect([ids(positions), ids(live)]).toEqual([[position.id], [position.id]]);
    expect([held.live, held.positions.usedMargin]).toEqual([1, position.margin]);
    expect(asked).toEqual([]);
  });

  it.skipIf(skip)('keeps reading memory after an event that moves no order', async () => {
    const { rules } = memoryAnswering([]);
    const { positions, live, held } = await inCommand(async (ctx) => {
      ctx.emit({ type: 'copy-signals', count: 0 });
      return {
        positions: await positionsOf(ctx, rules),
        live: await liveOrdersOf(ctx, rules),
        held: (await holdingsFor(ctx, rules)).live,
      };
    });
    expect([positions, live, held]).toEqual([[], [], 0]);
  });

  it.skipIf(skip)('reads the database when memory is not at that version', async () => {
    const { asked, rules } = memoryAnswering(undefined);
    const { positions, live, held } = await inCommand(async (ctx) => ({
      positions: await positionsOf(ctx, rules),
      live: await liveOrdersOf(ctx, rules),
      held: (await holdingsFor(ctx, rules)).live,
    }));
    expect([ids(positions), ids(live), held]).toEqual([[position.id], [position.id], 1]);
    expect(asked).toHaveLength(3);
  });

  it.skipIf(skip)('reads the database where there is no memory', async () => {
    const { positions, live, held } = await inCommand(async (ctx) => ({
      positions: await positionsOf(ctx, {}),
      live: await liveOrdersOf(ctx, {}),
      held: (await holdingsFor(ctx, {})).live,
    }));
    expect([ids(positions), ids(live), held]).toEqual([[position.id], [position.id], 1]);
  });
});
