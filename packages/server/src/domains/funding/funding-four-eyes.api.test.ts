import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { fund, moneyOf, submitUsdtDeposit, usableUsdtAddress } from '../../testing/funding.ts';
import {
  adminCall,
  auditRowsAfter,
  createOperator,
  lastAuditId,
  logInOperator,
  registerTrader,
  type TestOperator,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

const HOUR = 60 * 60 * 1000;
const USD = 1_000_000n;
const FOUR_EYES = 5017;

/**
 * Four eyes on an account's money, not on one request (issue 24, item 3): one finance
 * operator credited a made-up deposit, then approved 5 × 9 999.99 USD of withdrawals of one
 * account, each below the 10 000 USD threshold, on one signature. The thresholds here are the
 * defaults: WITHDRAW_FOUR_EYES_USD and DEPOSIT_FOUR_EYES_USD 10 000, a daily limit of 50 000.
 */
describe.each(DIALECTS)('four eyes on an account of $name', ({ name, skip }) => {
  let t: TestApp;
  let alice: TestOperator;
  let bob: TestOperator;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    alice = await createOperator(t, 'finance');
    bob = await createOperator(t, 'finance');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });
  // Binding a method moves the clock a day: operators sign in again.
  const refreshSessions = async () => {
    alice.token = await logInOperator(t, alice.email, alice.password);
    bob.token = await logInOperator(t, bob.email, bob.password);
  };
  beforeEach(async () => {
    if (!skip) await refreshSessions();
  });

  const approveWithdrawal = (by: TestOperator, id: number) =>
    adminCall(t, by.token, 'approveWithdrawal', { id });
  const approveDeposit = (by: TestOperator, id: number) =>
    adminCall(t, by.token, 'approveDeposit', { id });
  const funded = async (email: string, usd: string) => {
    const trader = await registerTrader(t, email);
    await fund(t, trader.token, usd);
    const method = await usableUsdtAddress(t, trader.token);
    await refreshSessions();
    const draw = async (number: string) => {
      const held = await t.call(
        'POST',
        '/api/account/draw',
        {
          draw_currency_id: method.currencyId,
          number,
          draw_method_id: method.methodId,
          password: trader.password,
        },
        { authorization: trader.token },
      );
      expect(held.code, held.msg).toBe(1);
      return held.data.id as number;
    };
    return { ...trader, draw };
  };

  it.skipIf(skip)(
    'lets one operator pay out a split withdrawal only until the account’s 24 hours reach the threshold',
    async () => {
      const trader = await funded('split-draw@example.com', '50000');
      const auditFrom = await lastAuditId(t);
      // The first part alone: 9 999.99 in 24 hours, one approval pays it out.
      const first = await trader.draw('9999.99');
      const single = await approveWithdrawal(alice, first);
      expect(single.data).toMatchObject({ status: 2, needs_second: false });
      expect((await moneyOf(t, trader.id)).lock).toBe(0n);

      // Each further part takes the account's 24 hours past 10 000: Alice's approval is the
      // first of two and says so; the amount stays held until Bob gives the second.
      for (let part = 2; part <= 5; part++) {
        const id = await trader.draw('9999.99');
        const refused = await approveWithdrawal(alice, id);
        expect([refused.code, refused.msg]).toEqual([
          FOUR_EYES,
          'A second operator must give the second approval',
        ]);
        expect(refused.data).toMatchObject({ id, status: 1, needs_second: true });
        expect((await moneyOf(t, trader.id)).lock).toBe(9_999_990_000n);
        expect((await approveWithdrawal(alice, id)).code).toBe(FOUR_EYES);
        const paid = await approveWithdrawal(bob, id);
        expect(paid.code).toBe(1);
        expect(paid.data.status).toBe(2);
        expect(paid.data.approvals.map((a: { operator: string }) => a.operator)).toEqual([
          alice.email,
          bob.email,
        ]);
        const money = await moneyOf(t, trader.id);
        expect(money.lock).toBe(0n);
        expect(money.ledgerSum).toBe(money.balance);
      }
      const money = await moneyOf(t, trader.id);
      expect(money.balance).toBe(50_000n * USD - 5n * 9_999_990_000n);
      expect((await auditRowsAfter(t, auditFrom)).map((r) => r.action)).toEqual([
        'withdrawal.approve',
        ...Array.from({ length: 4 }, () => [
          'withdrawal.approve',
          'withdrawal.second_approve',
        ]).flat(),
      ]);
    },
  );

  it.skipIf(skip)(
    'counts withdrawals still waiting, leaves out rejected ones and those approved over 24 hours ago',
    async () => {
      const trader = await funded('waiting-draw@example.com', '40000');
      const waiting = [await trader.draw('6000'), await trader.draw('6000')];
      // 12 000 waiting: the first approval of either is already the first of two.
      expect((await approveWithdrawal(alice, waiting[0]!)).code).toBe(FOUR_EYES);
      expect(
        (await adminCall(t, bob.token, 'rejectWithdrawal', { id: waiting[1]!, reason: 'twice' }))
          .code,
      ).toBe(1);
      expect((await approveWithdrawal(bob, waiting[0]!)).data.status).toBe(2);

      // A day later the 6 000 paid out no longer counts: 9 990 alone needs one approval.
      t.clock.advance(24 * HOUR + 1);
      await refreshSessions();
      const nextDay = await trader.draw('9990');
      expect((await approveWithdrawal(alice, nextDay)).data).toMatchObject({
        status: 2,
        needs_second: false,
      });
      // From exactly the threshold: 9 990 + 10 = 10 000 within 24 hours.
      const last = await trader.draw('10');
      expect((await approveWithdrawal(alice, last)).code).toBe(FOUR_EYES);
    },
  );

  it.skipIf(skip)(
    'credits a deposit from DEPOSIT_FOUR_EYES_USD only on two operators’ approval',
    async () => {
      const trader = await registerTrader(t, 'big-deposit@example.com');
      const deposit = await submitUsdtDeposit(t, trader.token, '1000000');
      expect(deposit.code).toBe(1);
      const queued = (await adminCall(t, alice.token, 'deposits', {})).data.data.find(
        (d: { id: number }) => d.id === deposit.data.id,
      );
      expect(queued).toMatchObject({ credit: '1000000', needs_second: true, first_approval: null });

      const auditFrom = await lastAuditId(t);
      const first = await approveDeposit(alice, deposit.data.id);
      expect(first.code).toBe(1);
      expect(first.data).toMatchObject({
        status: 0,
        needs_second: true,
        first_approval: { operator: alice.email },
      });
      expect(await moneyOf(t, trader.id)).toMatchObject({ balance: 0n, ledger: [] });
      const again = await approveDeposit(alice, deposit.data.id);
      expect([again.code, again.data]).toEqual([FOUR_EYES, null]);
      expect((await moneyOf(t, trader.id)).balance).toBe(0n);

      const second = await approveDeposit(bob, deposit.data.id);
      expect(second.data).toMatchObject({ status: 1, reviewer: bob.email, credit: '1000000' });
      const money = await moneyOf(t, trader.id);
      expect(money.balance).toBe(1_000_000n * USD);
      expect(money.ledger.map((r) => [r.kind, r.amount])).toEqual([['deposit', 1_000_000n * USD]]);
      expect((await auditRowsAfter(t, auditFrom)).map((r) => [r.action, r.admin_email])).toEqual([
        ['deposit.approve', alice.email],
        ['deposit.second_approve', bob.email],
      ]);
      // Decided: no third approval.
      expect((await approveDeposit(alice, deposit.data.id)).code).toBe(5015);
    },
  );

  it.skipIf(skip)(
    'needs a second operator for a deposit that takes the account’s credits of 24 hours to the threshold',
    async () => {
      const trader = await registerTrader(t, 'split-deposit@example.com');
      const below = await submitUsdtDeposit(t, trader.token, '9990');
      expect((await approveDeposit(alice, below.data.id)).data).toMatchObject({
        status: 1,
        needs_second: false,
      });
      // From exactly the threshold: 9 990 + 10 = 10 000 credited within 24 hours.
      const last = await submitUsdtDeposit(t, trader.token, '10');
      expect(last.code, last.msg).toBe(1);
      const refused = await approveDeposit(alice, last.data.id);
      expect(refused.code).toBe(FOUR_EYES);
      expect(refused.data).toMatchObject({
        status: 0,
        needs_second: true,
        first_approval: { operator: alice.email },
      });
      expect((await moneyOf(t, trader.id)).balance).toBe(9_990n * USD);
      expect((await approveDeposit(bob, last.data.id)).data.status).toBe(1);
      expect((await moneyOf(t, trader.id)).balance).toBe(10_000n * USD);
    },
  );

  it.skipIf(skip)('tells the trader of the decision, not of a first approval', async () => {
    const trader = await funded('silent-first@example.com', '30000');
    const mails = () =>
      (t.outbox() as unknown as { to: string; kind?: string }[])
        .filter((mail) => mail.to === trader.email && mail.kind)
        .map((mail) => mail.kind);
    const before = mails();
    const deposit = await submitUsdtDeposit(t, trader.token, '20000');
    expect((await approveDeposit(alice, deposit.data.id)).data.status).toBe(0);
    const withdrawal = await trader.draw('15000');
    expect((await approveWithdrawal(alice, withdrawal)).data.status).toBe(1);
    // Two first approvals: the trader hears nothing yet.
    expect(mails()).toEqual(before);
    expect((await approveDeposit(bob, deposit.data.id)).data.status).toBe(1);
    expect((await approveWithdrawal(bob, withdrawal)).data.status).toBe(2);
    expect(mails().slice(before.length)).toEqual(['deposit_credited', 'withdrawal_approved']);
  });

  it.skipIf(skip)('has the database refuse a credit approved twice by one operator', async () => {
    const trader = await registerTrader(t, 'db-four-eyes@example.com');
    const deposit = await submitUsdtDeposit(t, trader.token, '20000');
    expect((await approveDeposit(alice, deposit.data.id)).data.status).toBe(0);
    // Whatever a service might believe: the row cannot be credited by its first approver.
    const byAlice = t.store.db
      .updateTable('deposits')
      .set({
        status: 1,
        credited: 20_000n * USD,
        price_usd: 1_000_000_000_000n,
        reviewed_at: t.clock.now,
        reviewer_id: alice.id,
        reviewer_email: alice.email,
      })
      .where('id', '=', deposit.data.id)
      .execute();
    await expect(byAlice).rejects.toThrow(/deposits_second_approver_differs|CHECK/i);
  });
});
