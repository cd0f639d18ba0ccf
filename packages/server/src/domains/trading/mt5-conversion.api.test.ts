import { asLots, NO_PRICE } from '@tradedesk/engine';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { demoUser, startEurusdApp, type TestApp } from '../../testing/test-app.ts';
import type { UserRecord } from '../users/users.repository.ts';

/**
 * Issue 22, defect 4: margin and profit convert to USD as MT5's help says, through the
 * server's real market and command core. USDJPY's margin is in dollars (1 lot at 1:100 is
 * 1 000 USD, not 1 000 × ask / bid); a cross's margin is in its base currency at that
 * currency's ask for a buy and bid for a sell; a forex profit converts "by deal".
 */
describe.each(DIALECTS)('MT5 conversion on $name', ({ name, skip }) => {
  let t: TestApp;
  let user: UserRecord;
  let push: (code: string, bid: number, ask: number) => void;
  let traders = 0;

  // One app for the file; every test trades as a new demo user at the quotes below.
  beforeAll(async () => {
    if (skip) return;
    const started = await startEurusdApp(name);
    t = started.t;
    push = (code, bid, ask) =>
      started.feed.push({
        instrumentId: t.market!.tradeList(code)[0]!.Id,
        bid,
        ask,
        time: t.clock.now,
        volume: 1,
      });
  });
  beforeEach(async () => {
    if (skip) return;
    t.clock.advance(1000);
    push('EURUSD', 108_500, 108_508);
    push('GBPUSD', 127_000, 127_010);
    push('USDJPY', 151_500, 151_510);
    push('EURGBP', 85_400, 85_412);
    await t.trading!.idle();
    traders += 1;
    user = (await demoUser(t, `conversion-${name}-${traders}`)).user;
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const open = (code: string, side: 'buy' | 'sell') =>
    t.trading!.openMarket(user, {
      instrumentId: t.market!.tradeList(code)[0]!.Id,
      side,
      lots: asLots(10_000n),
      leverage: 100,
      takeProfit: NO_PRICE,
      stopLoss: NO_PRICE,
    });

  it.skipIf(skip)('charges USDJPY 1 lot at 1:100 exactly 1 000 USD, either side', async () => {
    expect((await open('USDJPY', 'buy')).margin).toBe(1_000_000_000n);
    expect((await open('USDJPY', 'sell')).margin).toBe(1_000_000_000n);
  });

  it.skipIf(skip)(
    'charges EURGBP in euros, at EURUSD’s ask for a buy and bid for a sell',
    async () => {
      expect((await open('EURGBP', 'buy')).margin).toBe(1_085_080_000n);
      expect((await open('EURGBP', 'sell')).margin).toBe(1_085_000_000n);
    },
  );

  it.skipIf(skip)(
    'converts a forex profit by deal: a buy at the pound’s ask, a sell at its bid',
    async () => {
      const long = await open('EURGBP', 'buy'); // at 0.85412
      const short = await open('EURGBP', 'sell'); // at 0.85400
      t.clock.advance(1000);
      push('EURGBP', 85_512, 85_524);
      await t.trading!.idle();
      // The long closes at 0.85512: +100 GBP at GBPUSD's ask 1.27010.
      expect((await t.trading!.close(user, long.id)).pnl).toBe(127_010_000n);
      // The short closes at 0.85524: −124 GBP at GBPUSD's bid 1.27000.
      expect((await t.trading!.close(user, short.id)).pnl).toBe(-157_480_000n);
    },
  );

  it.skipIf(skip)('converts a USDJPY profit at the exit price itself', async () => {
    const long = await open('USDJPY', 'buy'); // at 151.510
    t.clock.advance(1000);
    push('USDJPY', 152_010, 152_020);
    await t.trading!.idle();
    // 1 lot, 0.500 up: 50 000 JPY at 1 / 152.010 = 328.9257285… → 328.925729 USD.
    expect((await t.trading!.close(user, long.id)).pnl).toBe(328_925_729n);
  });

  it.skipIf(skip)(
    'stops out a cross when only the pair converting its profit moves (issue 23: the screen boxes both)',
    async () => {
      // 50 lots of EURGBP bought at 0.85412, 1:500: margin 10 850.80 USD.
      const position = await t.trading!.openMarket(user, {
        instrumentId: t.market!.tradeList('EURGBP')[0]!.Id,
        side: 'buy',
        lots: asLots(500_000n),
        leverage: 500,
        takeProfit: NO_PRICE,
        stopLoss: NO_PRICE,
      });
      const stored = async () =>
        t.store.db
          .selectFrom('orders')
          .select(['status', 'close_reason'])
          .where('id', '=', position.id)
          .executeTakeFirstOrThrow();
      t.clock.advance(1000);
      push('EURGBP', 84_012, 84_024); // −70 000 GBP at 1.27010: −88 907 USD, level ≈ 77 %
      await t.trading!.idle();
      expect(Number((await stored()).status)).toBe(1);
      t.clock.advance(1000);
      push('GBPUSD', 140_000, 140_010); // the same pounds now cost −98 007 USD: below 0 %
      await t.trading!.idle();
      const after = await stored();
      expect({ status: Number(after.status), reason: after.close_reason }).toEqual({
        status: 3,
        reason: 'stop-out',
      });
    },
  );
});
