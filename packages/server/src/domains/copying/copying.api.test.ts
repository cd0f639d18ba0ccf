import { RESULT_CODES } from '@tradedesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { fundedLeader } from '../../testing/funding.ts';
import { createOperator } from '../../testing/operators.ts';
import {
  demoUser,
  ledgerSum,
  startEurusdApp,
  storedAccount,
  submitPayload,
  type TestApp,
} from '../../testing/test-app.ts';

// Copy trading over HTTP (issue 29). EURUSD quotes 1.08500 / 1.08508; a leader is a real
// trader funded by an approved deposit of 10 000 USD; followers are demo users (100 000 demo
// USD) unless a test says otherwise.
describe.each(DIALECTS)('copy trading on $name', ({ name, skip }) => {
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

  const auth = (token: string, headers: Record<string, string> = {}) => ({
    authorization: token,
    ...headers,
  });

  const leader = (email = 'leader@example.com', usd = '10000') => fundedLeader(t, email, usd);

  const copy = (token: string, params: Record<string, unknown>, headers = {}) =>
    t.call('POST', '/api/follow/copy', params, auth(token, headers));
  const myCopies = async (token: string) =>
    (await t.call('GET', '/api/follow/my_copies', {}, auth(token))).data.data;
  const submit = (token: string, extra: Record<string, unknown> = {}) =>
    t.call('POST', '/v1/api/forex/submit', submitPayload(eurusd, extra), auth(token));
  /** Waits until the mirror has worked off every signal written so far. */
  const mirrored = () => t.copying!.mirror.wake();

  async function copyAccountOf(copyId: number): Promise<number> {
    const row = await t.store.db
      .selectFrom('copies')
      .select('account_id')
      .where('id', '=', copyId)
      .executeTakeFirstOrThrow();
    return Number(row.account_id);
  }

  /** Σ ledger = balance, for every account touched (margin and reserves are ledger rows too). */
  async function expectLedgersBalance(...userIds: number[]) {
    for (const userId of userIds)
      expect(await ledgerSum(t, userId)).toBe((await storedAccount(t, userId)).balance);
  }
  /** The balance as the follower's wallet call answers it (the account may not exist yet). */
  const walletBalance = async (token: string) =>
    (await t.call('GET', '/v1/api/main/account/forexDetail', {}, auth(token))).data.balance;

  it.skipIf(skip)(
    'sizes in proportion at the leader’s price, mirrors TP/SL and the close, and moves money through the ledger',
    async () => {
      const lead = await leader();
      const follower = await demoUser(t, 'copy-follower-1');
      const started = await copy(follower.token, { id: lead.id, amount: '500' });
      expect(started.code).toBe(1);
      expect(started.data).toMatchObject({
        leader_id: lead.id,
        status: 'active',
        amount: 500,
        equity: 500,
        pnl: 0,
        copy_sl_rate: 40,
        stop_equity: 300,
      });
      const copyAccount = await copyAccountOf(started.data.id);
      expect((await storedAccount(t, follower.user.id)).balance).toBe(99_500_000_000n);

      // The leader buys 1 lot: equity ≈ 9 999.46 after the fee, so the copy takes
      // 1 × 500 / 9 999.46 = 0.05000… → 0.05 lots, at the leader's own fill price.
      expect((await submit(lead.token)).code).toBe(1);
      await mirrored();
      let [view] = await myCopies(follower.token);
      expect(view.mirrored).toBe(1);
      expect(view.positions).toEqual([
        expect.objectContaining({ code: 'EURUSD', side: 1, lots: 0.05, open_price: 1.08508 }),
      ]);
      const leaderOrder = (
        await t.call('GET', '/v1/api/forex/my_deal', { status: 1 }, auth(lead.token))
      ).data.data[0];

      // TP/SL set by the leader reach the copy's position.
      expect(
        (
          await t.call(
            'POST',
            '/v1/api/forex/set_stop_price',
            { id: leaderOrder.Id, target_profit_price: '1.09', stop_loss_price: '1.08' },
            auth(lead.token),
          )
        ).code,
      ).toBe(1);
      await mirrored();
      const copyOrder = await t.store.db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', copyAccount)
        .executeTakeFirstOrThrow();
      expect([Number(copyOrder.take_profit), Number(copyOrder.stop_loss)]).toEqual([
        109_000, 108_000,
      ]);

      // The leader closes at 1.08600: the copy closes at the same price.
      quote(108_600, 108_608);
      expect(
        (await t.call('POST', '/v1/api/forex/close', { id: leaderOrder.Id }, auth(lead.token)))
          .code,
      ).toBe(1);
      await mirrored();
      const closed = await t.store.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', copyOrder.id)
        .executeTakeFirstOrThrow();
      expect([Number(closed.status), Number(closed.close_price), closed.close_reason]).toEqual([
        3,
        108_600,
        'copy-leader',
      ]);
      // 0.05 lots × 100 000 × (1.08600 − 1.08508) = 4.6 USD, less the fee 0.027127.
      [view] = await myCopies(follower.token);
      expect(view.positions).toEqual([]);
      expect(view.equity).toBe(504.572873);
      expect(view.pnl).toBe(4.572873);
      await expectLedgersBalance(lead.id, follower.user.id, copyAccount);
    },
  );

  it.skipIf(skip)(
    'mirrors a pending fill at its trigger price and a take profit closing the leader',
    async () => {
      const lead = await leader();
      const follower = await demoUser(t, 'copy-follower-11');
      const started = (await copy(follower.token, { id: lead.id, amount: '1000' })).data;
      const copyAccount = await copyAccountOf(started.id);
      // A buy limit at 1.08400: placing it is not copied, its fill is.
      await submit(lead.token, { status: 0, target_price: '1.084', target_profit_price: '1.086' });
      await mirrored();
      expect((await myCopies(follower.token))[0].positions).toEqual([]);
      t.clock.advance(1000);
      quote(108_392, 108_400);
      await t.trading!.idle();
      await mirrored();
      // The leader's equity at the fill: 10 000 − 0.54 fee − 8 floating (the bid is 1.08392)
      // = 9 991.46, so 1 × 1 000 / 9 991.46 = 0.1000… → 0.1 lots.
      const [view] = await myCopies(follower.token);
      expect(view.positions).toEqual([
        expect.objectContaining({ side: 1, lots: 0.1, open_price: 1.084 }),
      ]);
      // The copy carries the leader's take profit, and closes with the leader at 1.08600.
      t.clock.advance(1000);
      quote(108_600, 108_608);
      await t.trading!.idle();
      await mirrored();
      const orders = await t.store.db
        .selectFrom('orders')
        .select(['status', 'close_price', 'close_reason'])
        .where('user_id', '=', copyAccount)
        .execute();
      expect(orders.map((o) => [Number(o.status), Number(o.close_price)])).toEqual([[3, 108_600]]);
      await expectLedgersBalance(lead.id, follower.user.id, copyAccount);
    },
  );

  it.skipIf(skip)(
    'follows a partial close in proportion, skipping a copy too small to split, and trails with the leader',
    async () => {
      const lead = await leader();
      const big = await demoUser(t, 'copy-follower-parts-1');
      const small = await demoUser(t, 'copy-follower-parts-2');
      const bigCopy = (await copy(big.token, { id: lead.id, amount: '5000' })).data;
      const smallCopy = (await copy(small.token, { id: lead.id, amount: '100' })).data;
      // The leader buys 1 lot: copies of 0.5 and 0.01 lots.
      expect((await submit(lead.token)).code).toBe(1);
      await mirrored();
      const position = (
        await t.call('GET', '/v1/api/forex/my_deal', { status: 1 }, auth(lead.token))
      ).data.data[0];
      const copyOrder = async (copyId: number) =>
        t.store.db
          .selectFrom('orders')
          .selectAll()
          .where('user_id', '=', await copyAccountOf(copyId))
          .where('status', '=', 1)
          .executeTakeFirstOrThrow();
      expect(Number((await copyOrder(smallCopy.id)).lots)).toBe(100);

      // The leader takes 0.3 of 1 lot off at 1.08600: the big copy closes 0.15 of its 0.5.
      t.clock.advance(1000);
      quote(108_600, 108_608);
      const part = await t.call(
        'POST',
        '/v1/api/forex/close_part',
        { id: position.Id, lots: '0.3' },
        auth(lead.token),
      );
      expect(part.code).toBe(1);
      await mirrored();
      await mirrored();
      const rest = await copyOrder(bigCopy.id);
      expect(Number(rest.lots)).toBe(3_500);
      const bigParts = await t.store.db
        .selectFrom('orders')
        .select(['lots', 'close_price', 'close_reason', 'part_of'])
        .where('user_id', '=', await copyAccountOf(bigCopy.id))
        .where('status', '=', 3)
        .execute();
      expect(
        bigParts.map((o) => [
          Number(o.lots),
          Number(o.close_price),
          o.close_reason,
          Number(o.part_of),
        ]),
      ).toEqual([[1_500, 108_600, 'partial', Number(rest.id)]]);
      // 0.3 of 0.01 lot is below the minimum: the small copy keeps its position, told why.
      expect(Number((await copyOrder(smallCopy.id)).lots)).toBe(100);
      const [smallView] = await myCopies(small.token);
      expect(smallView.skipped).toEqual([expect.objectContaining({ reason: 'below-min-lot' })]);

      // The leader's trailing stop reaches the copies, whose stops then trail the same quotes.
      const trailing = await t.call(
        'POST',
        '/v1/api/forex/set_trailing',
        { id: position.Id, distance: '0.001' },
        auth(lead.token),
      );
      expect(trailing.code).toBe(1);
      await mirrored();
      expect(Number((await copyOrder(bigCopy.id)).trailing_distance)).toBe(100);
      t.clock.advance(1000);
      quote(108_900, 108_908);
      await t.trading!.idle();
      await t.trading!.storeTrailingMoves();
      await t.trading!.idle();
      for (const copyId of [bigCopy.id, smallCopy.id])
        expect(Number((await copyOrder(copyId)).stop_loss)).toBe(108_800);
      await expectLedgersBalance(
        lead.id,
        await copyAccountOf(bigCopy.id),
        await copyAccountOf(smallCopy.id),
      );
    },
  );

  it.skipIf(skip)('skips a trade too small to copy, and a paused copy, saying why', async () => {
    const lead = await leader();
    const follower = await demoUser(t, 'copy-follower-2');
    const started = (await copy(follower.token, { id: lead.id, amount: '500' })).data;
    // 0.05 lots × 500 / 10 000 = 0.0025 lots: under the minimum of 0.01.
    await submit(lead.token, { cont: '0.05' });
    await mirrored();
    const paused = await t.call(
      'POST',
      '/api/follow/pause',
      { copy_id: started.id },
      auth(follower.token),
    );
    expect(paused.data.status).toBe('paused');
    await submit(lead.token);
    await mirrored();
    let [view] = await myCopies(follower.token);
    expect(view.positions).toEqual([]);
    expect(view.skipped_count).toBe(2);
    expect(view.skipped.map((s: { reason: string }) => s.reason)).toEqual([
      'paused',
      'below-min-lot',
    ]);
    expect(view.skipped[1]).toMatchObject({ code: 'EURUSD', side: 1, leader_lots: 0.05 });

    const resumed = await t.call(
      'POST',
      '/api/follow/resume',
      { copy_id: started.id },
      auth(follower.token),
    );
    expect(resumed.data.status).toBe('active');
    await submit(lead.token);
    await mirrored();
    [view] = await myCopies(follower.token);
    expect(view.positions).toHaveLength(1);
    expect(view.mirrored).toBe(1);
  });

  it.skipIf(skip)(
    'skips a trade the copy cannot pay for with insufficient margin, and copies the next that fits',
    async () => {
      const lead = await leader();
      const follower = await demoUser(t, 'copy-follower-margin');
      const started = (await copy(follower.token, { id: lead.id, amount: '1000' })).data;
      // 5.5 lots at 1:100 hold 5 967.94 of the leader's 10 000; the copy's 0.55 hold 596.79.
      await submit(lead.token, { cont: '5.5' });
      await mirrored();
      // Taking 300 back leaves the copy about 100 of free margin.
      const takeBack = await t.call(
        'POST',
        '/api/follow/add_funds',
        { copy_id: started.id, amount: '-300' },
        auth(follower.token),
      );
      expect(takeBack.code).toBe(1);
      // 3 lots for the leader (3 255.24 of its ~4 000 free); 0.20 for the copy, 217.03.
      expect((await submit(lead.token, { cont: '3' })).code).toBe(1);
      await mirrored();
      let [view] = await myCopies(follower.token);
      expect(view.positions).toHaveLength(1);
      expect(view.skipped.map((s: { reason: string }) => s.reason)).toEqual([
        'insufficient-margin',
      ]);
      expect(view.skipped[0]).toMatchObject({ code: 'EURUSD', leader_lots: 3 });
      // 0.5 lots for the leader: 0.03 for the copy, 32.55 of margin, fits.
      expect((await submit(lead.token, { cont: '0.5' })).code).toBe(1);
      await mirrored();
      [view] = await myCopies(follower.token);
      expect(view.positions).toHaveLength(2);
      await expectLedgersBalance(follower.user.id, await copyAccountOf(started.id));
    },
  );

  it.skipIf(skip)('stops at the copy stop-loss and returns what is left', async () => {
    const lead = await leader();
    const follower = await demoUser(t, 'copy-follower-3');
    const started = (await copy(follower.token, { id: lead.id, amount: '500' })).data;
    const copyAccount = await copyAccountOf(started.id);
    await submit(lead.token);
    await mirrored();
    // 0.05 lots lose 5 USD per 0.0001: at 1.04400 the copy lost 205.4 USD (+ fee), below 300.
    quote(104_400, 104_408);
    await t.copying!.stopLoss.refresh();
    t.copying!.stopLoss.screen();
    await expect.poll(async () => (await myCopies(follower.token))[0].status).toBe('stopped');
    const [view] = await myCopies(follower.token);
    expect(view.stop_reason).toBe('copy-stop-loss');
    // 500 − 0.027127 fee + 0.05 × 100 000 × (1.04400 − 1.08508) = 294.572873.
    expect(view.returned).toBe(294.572873);
    expect((await storedAccount(t, copyAccount)).balance).toBe(0n);
    expect((await storedAccount(t, follower.user.id)).balance).toBe(99_794_572_873n);
    await expectLedgersBalance(follower.user.id, copyAccount, lead.id);

    // A stopped copy takes nothing more.
    await submit(lead.token);
    await mirrored();
    expect((await myCopies(follower.token))[0].mirrored).toBe(1);
  });

  it.skipIf(skip)('stop closes at market and returns exactly the copy’s equity', async () => {
    const lead = await leader();
    const follower = await demoUser(t, 'copy-follower-4');
    const started = (await copy(follower.token, { id: lead.id, amount: '1000' })).data;
    const copyAccount = await copyAccountOf(started.id);
    await submit(lead.token);
    await mirrored();
    quote(108_700, 108_708);
    const before = (await myCopies(follower.token))[0];
    const stopped = await t.call(
      'POST',
      '/api/follow/stop',
      { copy_id: started.id },
      auth(follower.token),
    );
    expect(stopped.data).toMatchObject({ status: 'stopped', stop_reason: 'user', positions: [] });
    // 0.1 lots: 10 000 × (1.08700 − 1.08508) = 19.2, less the fee 0.054254.
    expect(stopped.data.returned).toBe(before.equity);
    expect(stopped.data.returned).toBe(1019.145746);
    expect((await storedAccount(t, follower.user.id)).balance).toBe(100_019_145_746n);
    expect((await storedAccount(t, copyAccount)).balance).toBe(0n);
    await expectLedgersBalance(follower.user.id, copyAccount);
    // Stopping again changes nothing.
    const again = await t.call(
      'POST',
      '/api/follow/stop',
      { copy_id: started.id },
      auth(follower.token),
    );
    expect(again.data.returned).toBe(1019.145746);
    expect((await storedAccount(t, follower.user.id)).balance).toBe(100_019_145_746n);
  });

  it.skipIf(skip)('adds and takes back funds through both ledgers', async () => {
    const lead = await leader();
    const follower = await demoUser(t, 'copy-follower-5');
    const started = (await copy(follower.token, { id: lead.id, amount: '500' })).data;
    const copyAccount = await copyAccountOf(started.id);
    const add = (amount: string) =>
      t.call(
        'POST',
        '/api/follow/add_funds',
        { copy_id: started.id, amount },
        auth(follower.token),
      );
    expect((await add('250.5')).data).toMatchObject({ amount: 750.5, equity: 750.5 });
    expect((await add('-150.5')).data).toMatchObject({ amount: 600, equity: 600 });
    // The copy keeps at least 100 USD.
    const tooMuch = await add('-550');
    expect(tooMuch.code).toBe(RESULT_CODES.COPY_TAKE_BACK_TOO_MUCH.code);
    expect(tooMuch.msg).toBe(
      'At most 500 USD can be taken back from this copy now: it keeps the margin of its open positions and at least 100 USD',
    );
    expect((await storedAccount(t, follower.user.id)).balance).toBe(99_400_000_000n);
    expect((await storedAccount(t, copyAccount)).balance).toBe(600_000_000n);
    await expectLedgersBalance(follower.user.id, copyAccount);
  });

  it.skipIf(skip)(
    "takes back no more than the copy's balance while its position is in profit",
    async () => {
      const lead = await leader();
      const follower = await demoUser(t, 'copy-follower-profit');
      const started = (await copy(follower.token, { id: lead.id, amount: '500' })).data;
      const copyAccount = await copyAccountOf(started.id);
      await submit(lead.token);
      await mirrored();
      // 0.05 lots at 1.08508 and 1:100: margin 54.254, fee 0.027127, a balance of 445.718873.
      expect((await storedAccount(t, copyAccount)).balance).toBe(445_718_873n);
      // 200 points up: a gain of 100. Free margin 545.72 and equity less the 100 kept, 499.97,
      // are more than the balance: the balance is what can leave.
      t.clock.advance(1000);
      quote(110_508);
      const takeBack = (amount: string) =>
        t.call(
          'POST',
          '/api/follow/add_funds',
          { copy_id: started.id, amount: `-${amount}` },
          auth(follower.token),
        );
      const refused = await takeBack('445.72');
      expect(refused.code).toBe(RESULT_CODES.COPY_TAKE_BACK_TOO_MUCH.code);
      expect(refused.msg).toContain('At most 445.718873 USD');
      expect((await takeBack('445.71')).code).toBe(1);
      expect((await storedAccount(t, copyAccount)).balance).toBe(8_873n);
      // Money between the two accounts moves as ledger rows of its own kinds.
      const kinds = async (userId: number) =>
        (
          await t.store.db
            .selectFrom('ledger')
            .select('kind')
            .where('user_id', '=', userId)
            .where('kind', 'like', 'copy-%')
            .orderBy('id')
            .execute()
        ).map((row) => row.kind);
      expect(await kinds(follower.user.id)).toEqual(['copy-out', 'copy-in']);
      expect(await kinds(copyAccount)).toEqual(['copy-fund', 'copy-return']);
      await expectLedgersBalance(follower.user.id, copyAccount);
    },
  );

  it.skipIf(skip)('copies the leader’s open positions at the price of now when asked', async () => {
    const lead = await leader();
    await submit(lead.token);
    quote(108_600, 108_608);
    const follower = await demoUser(t, 'copy-follower-6');
    const plain = await demoUser(t, 'copy-follower-7');
    await copy(follower.token, { id: lead.id, amount: '1000', copy_open: 1 });
    await copy(plain.token, { id: lead.id, amount: '1000' });
    await mirrored();
    // The leader's equity is 10 008.66 now (+9.2 floating, −0.54 fee): 0.1 × 1 000 / 10 008.66
    // = 0.0999… → 0.09 lots, bought at the ask of now.
    expect((await myCopies(follower.token))[0].positions).toEqual([
      expect.objectContaining({ lots: 0.09, open_price: 1.08608 }),
    ]);
    expect((await myCopies(plain.token))[0].positions).toEqual([]);
  });

  it.skipIf(skip)('refuses what may not be copied and changes nothing', async () => {
    const lead = await leader();
    const follower = await demoUser(t, 'copy-follower-8');
    const other = await demoUser(t, 'copy-follower-9');
    const code = async (answer: Promise<{ code: number }>) => (await answer).code;
    expect(await code(t.call('POST', '/api/follow/copy', { id: lead.id, amount: '500' }))).toBe(
      RESULT_CODES.INVALID_SESSION.code,
    );
    expect(await code(copy(follower.token, { id: other.user.id, amount: '500' }))).toBe(
      RESULT_CODES.LEADER_NOT_FOUND.code,
    );
    expect(await code(copy(lead.token, { id: lead.id, amount: '500' }))).toBe(
      RESULT_CODES.COPY_SELF.code,
    );
    expect(await code(copy(follower.token, { id: lead.id, amount: '99.99' }))).toBe(
      RESULT_CODES.COPY_AMOUNT_BELOW_MIN.code,
    );
    expect(await code(copy(follower.token, { id: lead.id, amount: '500.0000001' }))).toBe(
      RESULT_CODES.AMOUNT_INVALID.code,
    );
    expect(await code(copy(follower.token, { id: lead.id, amount: '100001' }))).toBe(
      RESULT_CODES.COPY_FUNDS_SHORT.code,
    );
    expect(await code(copy(follower.token, { id: lead.id, amount: '500', copy_sl_rate: 99 }))).toBe(
      RESULT_CODES.BAD_REQUEST.code,
    );
    expect(await myCopies(follower.token)).toEqual([]);
    expect(await walletBalance(follower.token)).toBe(100_000);

    // One Idempotency-Key makes one copy; other parameters under it are refused.
    const key = { 'idempotency-key': 'copy-once-1' };
    const first = await copy(follower.token, { id: lead.id, amount: '500' }, key);
    const repeat = await copy(follower.token, { id: lead.id, amount: '500' }, key);
    expect(repeat.data.id).toBe(first.data.id);
    expect(await code(copy(follower.token, { id: lead.id, amount: '600' }, key))).toBe(
      RESULT_CODES.COPY_IDEMPOTENCY_MISMATCH.code,
    );
    expect(await code(copy(follower.token, { id: lead.id, amount: '500' }))).toBe(
      RESULT_CODES.ALREADY_COPYING.code,
    );
    expect(await walletBalance(follower.token)).toBe(99_500);
    // Someone else's copy is answered like a missing one.
    for (const path of ['/api/follow/pause', '/api/follow/resume', '/api/follow/stop'])
      expect(await code(t.call('POST', path, { copy_id: first.data.id }, auth(other.token)))).toBe(
        RESULT_CODES.COPY_NOT_FOUND.code,
      );
    expect(await myCopies(other.token)).toEqual([]);
  });

  it.skipIf(skip)('keeps copy accounts out of the traders operators list', async () => {
    const lead = await leader();
    const follower = await demoUser(t, 'copy-follower-10');
    const started = (await copy(follower.token, { id: lead.id, amount: '500' })).data;
    const copyAccount = await copyAccountOf(started.id);
    const support = await createOperator(t, 'support');
    const listed = await t.call('GET', '/admin/api/users', { page: 1 }, auth(support.token));
    const ids = listed.data.data.map((user: { id: number }) => user.id);
    expect(ids).toEqual(expect.arrayContaining([lead.id, follower.user.id]));
    expect(ids).not.toContain(copyAccount);
    expect(listed.data.total).toBe(ids.length);
  });
});
