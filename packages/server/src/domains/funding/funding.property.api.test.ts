import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { moneyOf, submitUsdtDeposit, usableUsdtAddress } from '../../testing/funding.ts';
import {
  adminCall,
  createOperator,
  registerTrader,
  type TestOperator,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

/** What a random session of funding may do, one step at a time. */
type Step =
  | { kind: 'deposit'; usd: number; approve: boolean }
  | { kind: 'withdraw'; usd: number }
  | { kind: 'decide'; pick: number; approve: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    usd: fc.integer({ min: 10, max: 900 }),
    approve: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), usd: fc.integer({ min: 10, max: 700 }) }),
  fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
);

/**
 * Random sessions of deposits, withdrawal requests and decisions against the real host: after
 * every step Σ ledger = balance, nothing is negative, the lock is exactly what open
 * withdrawals hold, and balance + lock is what was credited less what was paid out.
 * Four eyes from 300 USD of withdrawals and 1 500 USD of deposits (an account's of 24 hours),
 * so that second approvals happen too.
 */
describe.each(DIALECTS)('funding invariants on $name', ({ name, skip }) => {
  let t: TestApp;
  let first: TestOperator;
  let second: TestOperator;
  let traders = 0;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name, {
      WITHDRAW_FOUR_EYES_USD: '300',
      WITHDRAW_DAILY_LIMIT_USD: '5000',
      DEPOSIT_FOUR_EYES_USD: '1500',
    });
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('keeps the ledger, the balance and the lock consistent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const trader = await registerTrader(t, `prop${++traders}@example.com`);
        const as = { authorization: trader.token };
        const { methodId, currencyId } = await usableUsdtAddress(t, trader.token);
        // Operators sign in after the clock moved past the cooling-off.
        first = await createOperator(t, 'finance');
        second = await createOperator(t, 'finance');
        let credited = 0n;
        let paidOut = 0n;
        const open: { id: number; usd: number }[] = [];

        for (const s of steps) {
          if (s.kind === 'deposit') {
            const deposit = await submitUsdtDeposit(t, trader.token, String(s.usd));
            expect(deposit.code).toBe(1);
            const decided = await adminCall(
              t,
              first.token,
              s.approve ? 'approveDeposit' : 'rejectDeposit',
              { id: deposit.data.id, remark: 'not received' },
            );
            // Four eyes: the first of two approvals credits nothing yet.
            if (decided.data?.first_approval) {
              expect(decided.data.status).toBe(0);
              const waiting = await moneyOf(t, trader.id);
              expect(waiting.balance + waiting.lock).toBe(credited - paidOut);
              const credit = await adminCall(t, second.token, 'approveDeposit', {
                id: deposit.data.id,
              });
              expect(credit.data.status).toBe(1);
            } else expect(decided.code).toBe(1);
            if (s.approve) credited += BigInt(s.usd) * 1_000_000n;
          }
          if (s.kind === 'withdraw') {
            const before = await moneyOf(t, trader.id);
            const answer = await t.call(
              'POST',
              '/api/account/draw',
              {
                draw_currency_id: currencyId,
                number: String(s.usd),
                draw_method_id: methodId,
                password: trader.password,
              },
              as,
            );
            const amount = BigInt(s.usd) * 1_000_000n;
            // Refused exactly when it does not fit (or the day's limit is used up).
            if (amount > before.balance) expect(answer.code).toBe(5007);
            else expect([1, 5010]).toContain(answer.code);
            if (answer.code === 1) open.push({ id: answer.data.id, usd: s.usd });
          }
          if (s.kind === 'decide' && open.length > 0) {
            const [w] = open.splice(s.pick % open.length, 1);
            if (s.approve) {
              const approved = await adminCall(t, first.token, 'approveWithdrawal', { id: w!.id });
              if (approved.data.status === 1)
                expect(
                  (await adminCall(t, second.token, 'approveWithdrawal', { id: w!.id })).data
                    .status,
                ).toBe(2);
              paidOut += BigInt(w!.usd) * 1_000_000n;
            } else
              expect(
                (await adminCall(t, first.token, 'rejectWithdrawal', { id: w!.id, reason: 'no' }))
                  .code,
              ).toBe(1);
          }

          const money = await moneyOf(t, trader.id);
          expect(money.ledgerSum).toBe(money.balance);
          expect(money.balance >= 0n && money.lock >= 0n).toBe(true);
          expect(money.lock).toBe(open.reduce((sum, w) => sum + BigInt(w.usd) * 1_000_000n, 0n));
          expect(money.balance + money.lock).toBe(credited - paidOut);
        }
      }),
      { numRuns: 12 },
    );
  });
});
