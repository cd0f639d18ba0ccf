import { asLots, asMicros, asPricePoints, NO_PRICE } from '@tradedesk/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { fundedLeader } from '../../testing/funding.ts';
import {
  demoUser,
  ledgerSum,
  startEurusdApp,
  storedAccount,
  submitPayload,
  type TestApp,
} from '../../testing/test-app.ts';
import type { CopySignal, SignalRow } from './copy-signals.ts';
import { type MirrorDeps, mirrorSignal } from './mirror-signal.ts';

/**
 * One leader signal on one copy, run as the mirror runs it (issue 29): what it did, and
 * nothing at all where there is nothing to do — a copy of another account, an open already
 * mirrored, a close or stops for a trade never copied. The mirror counts what each did
 * (`mirror.counts()`, the metrics read it).
 */
describe.each(DIALECTS)('a leader signal on one copy, on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let deps: MirrorDeps;
  let leader: { id: number; token: string };
  let follower: { user: { id: number }; token: string };
  let copyId: number;
  let copyAccount: number;

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd } = await startEurusdApp(name));
    deps = { steps: t.trading!.copySteps, market: t.market! };
    leader = await fundedLeader(t, 'signal-leader@example.com', '10000');
    follower = await demoUser(t, 'signal-follower');
    const started = await t.call(
      'POST',
      '/api/follow/copy',
      { id: leader.id, amount: '500' },
      { authorization: follower.token },
    );
    copyId = started.data.id as number;
    const row = await t.store.db
      .selectFrom('copies')
      .select('account_id')
      .where('id', '=', copyId)
      .executeTakeFirstOrThrow();
    copyAccount = Number(row.account_id);
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  const submit = (extra: Record<string, unknown> = {}) =>
    t.call('POST', '/v1/api/forex/submit', submitPayload(eurusd, extra), {
      authorization: leader.token,
    });
  const mirrored = () => t.copying!.mirror.wake();
  const openSignal: CopySignal = {
    change: 'open',
    instrumentId: 0,
    side: 'buy',
    lots: asLots(10_000n),
    leverage: 100,
    takeProfit: NO_PRICE,
    stopLoss: NO_PRICE,
    bid: asPricePoints(108_500n),
    ask: asPricePoints(108_508n),
    leaderEquity: asMicros(10_000_000_000n),
    atMarket: false,
  };
  const rowOf = (leaderOrderId: number, signal: CopySignal): SignalRow => ({
    id: 0,
    leaderId: leader.id,
    leaderOrderId,
    copyId: null,
    signal: signal.change === 'open' ? { ...signal, instrumentId: eurusd } : signal,
  });
  const run = (accountId: number, row: SignalRow) =>
    t.core.execute(accountId, mirrorSignal(deps, row, copyId));
  const copyState = async () => ({
    account: await storedAccount(t, copyAccount),
    ledger: await ledgerSum(t, copyAccount),
    trades: (
      await t.store.db.selectFrom('copy_trades').selectAll().where('copy_id', '=', copyId).execute()
    ).length,
  });

  it.skipIf(skip)('mirrors, sets stops on and closes a copy, and counts each', async () => {
    const before = t.copying!.mirror.counts();
    const opened = await submit();
    await mirrored();
    const leaderOrder = opened.data.Id as number;
    const stops = await t.call(
      'POST',
      '/v1/api/forex/set_stop_price',
      { id: leaderOrder, target_profit_price: '1.09', stop_loss_price: '1.08' },
      { authorization: leader.token },
    );
    expect(stops.code, stops.msg).toBe(1);
    await mirrored();
    expect(
      (
        await t.call(
          'POST',
          '/v1/api/forex/close',
          { id: leaderOrder },
          { authorization: leader.token },
        )
      ).code,
    ).toBe(1);
    await mirrored();
    // Too small to copy: 0.05 lots × 500 / 10 000.
    await submit({ cont: '0.05' });
    await mirrored();
    const after = t.copying!.mirror.counts();
    expect({
      mirrored: after.mirrored - before.mirrored,
      stops: after.stops - before.stops,
      closed: after.closed - before.closed,
      skipped: after.skipped - before.skipped,
    }).toEqual({ mirrored: 1, stops: 1, closed: 1, skipped: 1 });
  });

  it.skipIf(skip)('does nothing for a copy that is not the account it runs on', async () => {
    const state = await copyState();
    const own = await storedAccount(t, follower.user.id);
    // Run on the follower's own account, not the copy's: an open it has not mirrored yet.
    expect(await run(follower.user.id, rowOf(987_654, openSignal))).toBe('nothing');
    expect(await copyState()).toEqual(state);
    expect(await storedAccount(t, follower.user.id)).toEqual(own);
  });

  it.skipIf(skip)('does nothing with an open it already mirrored', async () => {
    const opened = await submit();
    await mirrored();
    const state = await copyState();
    expect(state.trades).toBe(1);
    expect(await run(copyAccount, rowOf(opened.data.Id as number, openSignal))).toBe('nothing');
    expect(await copyState()).toEqual(state);
  });

  it.skipIf(skip)('does nothing with an open for a copy that stopped', async () => {
    const stopped = await t.call(
      'POST',
      '/api/follow/stop',
      { copy_id: copyId },
      { authorization: follower.token },
    );
    expect(stopped.code, stopped.msg).toBe(1);
    const opened = await submit();
    const state = await copyState();
    expect(await run(copyAccount, rowOf(opened.data.Id as number, openSignal))).toBe('nothing');
    expect(await copyState()).toEqual(state);
  });

  it.skipIf(skip)('does nothing with a close or stops for a trade it never copied', async () => {
    const opened = await submit({ cont: '0.05' });
    await mirrored();
    const leaderOrder = opened.data.Id as number;
    const state = await copyState();
    // Skipped as too small: a trade row without a copy order.
    expect(state.trades).toBe(1);
    const close: CopySignal = { change: 'close', price: asPricePoints(108_500n) };
    const stops: CopySignal = {
      change: 'stops',
      takeProfit: asPricePoints(110_000n),
      stopLoss: NO_PRICE,
    };
    expect(await run(copyAccount, rowOf(leaderOrder, close))).toBe('nothing');
    expect(await run(copyAccount, rowOf(leaderOrder, stops))).toBe('nothing');
    expect(await run(copyAccount, rowOf(987_654, close))).toBe('nothing');
    expect(await copyState()).toEqual(state);
  });
});
