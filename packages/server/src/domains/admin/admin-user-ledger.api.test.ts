import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { fund, usableUsdtAddress } from '../../testing/funding.ts';
import {
  adminCall,
  createOperator,
  logInOperator,
  registerTrader,
  type TestOperator,
  TRADER_PASSWORD,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

const HOUR = 60 * 60 * 1000;
/** The wire's "YYYY-MM-DD HH:mm:ss" UTC. */
const wire = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Issue 37, item 12: the back office's ledger of a trader shows a withdrawal's "paid out" row
 * with the time the transfer was made (marked paid), not only the approval's, at which the
 * row was written.
 */
describe.each(DIALECTS)("a trader's ledger in the back office on $name", ({ name, skip }) => {
  let t: TestApp;
  let finance: TestOperator;
  let support: TestOperator;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    finance = await createOperator(t, 'finance');
    support = await createOperator(t, 'support');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)("gives a withdrawal's paid-out row the time it was paid", async () => {
    const trader = await registerTrader(t, 'paid-out@example.com');
    await fund(t, trader.token, '500', finance);
    const method = await usableUsdtAddress(t, trader.token);
    // The clock moved a day: operators sign in again.
    finance.token = await logInOperator(t, finance.email, finance.password);
    support.token = await logInOperator(t, support.email, support.password);
    const held = await t.call(
      'POST',
      '/api/account/draw',
      {
        draw_currency_id: method.currencyId,
        number: '100',
        draw_method_id: method.methodId,
        password: TRADER_PASSWORD,
      },
      { authorization: trader.token },
    );
    expect(held.code).toBe(1);
    t.clock.advance(HOUR);
    const approvedAt = t.clock.now;
    expect(
      (await adminCall(t, finance.token, 'approveWithdrawal', { id: held.data.id })).code,
    ).toBe(1);
    const ledger = async () =>
      (await adminCall(t, support.token, 'user', { id: trader.id })).data.ledger.data as {
        MemoTran: string;
        CreatedAtTran: string;
        withdrawal_payout: boolean;
        paid_at: string | null;
      }[];

    const payoutRow = async () => {
      const rows = await ledger();
      const payouts = rows.filter((r) => r.withdrawal_payout);
      expect(payouts).toHaveLength(1);
      // Every other row (the deposit, the hold) is no payout and has no payment time.
      for (const row of rows.filter((r) => !r.withdrawal_payout)) expect(row.paid_at).toBeNull();
      return payouts[0]!;
    };
    // Approved, not paid yet: the row's time is the approval, and no payment time.
    expect(await payoutRow()).toMatchObject({
      MemoTran: 'Withdrawal paid out of the held amount',
      CreatedAtTran: wire(approvedAt),
      paid_at: null,
    });

    t.clock.advance(3 * HOUR);
    const paidAt = t.clock.now;
    const paid = await adminCall(t, finance.token, 'paidWithdrawal', {
      id: held.data.id,
      reference: 'TRX-ledger-1',
    });
    expect(paid.code).toBe(1);
    expect(await payoutRow()).toMatchObject({
      CreatedAtTran: wire(approvedAt),
      paid_at: wire(paidAt),
    });
  });
});
