import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { fund, moneyOf, submitUsdtDeposit, usableUsdtAddress } from '../../testing/funding.ts';
import {
  adminCall,
  createOperator,
  logInOperator,
  registerTrader,
} from '../../testing/operators.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { startTestNodes } from '../../testing/test-nodes.ts';

const postgres = DIALECTS.find((d) => d.name === 'postgres')!;

// Two server nodes on one PostgreSQL database: deposits, withdrawals and decisions race
// across them. The database decides: every deposit credits once, every withdrawal holds,
// pays out or returns once, and no account gives more than it has.
describe.skipIf(postgres.skip)('funding on two nodes of one PostgreSQL database', () => {
  let cluster: Awaited<ReturnType<typeof startTestNodes>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    cluster = await startTestNodes(2);
    a = cluster.asTestApp(0);
    b = cluster.asTestApp(1);
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it('credits a deposit once when both nodes approve it', async () => {
    const trader = await registerTrader(a, 'twonodes-deposit@example.com');
    const onA = await createOperator(a, 'finance');
    const onB = await createOperator(b, 'finance');
    const deposit = await submitUsdtDeposit(a, trader.token, '400');
    const answers = await Promise.all([
      adminCall(a, onA.token, 'approveDeposit', { id: deposit.data.id }),
      adminCall(b, onB.token, 'approveDeposit', { id: deposit.data.id }),
    ]);
    expect(answers.map((x) => x.code).sort()).toEqual([1, 5015]);
    const money = await moneyOf(a, trader.id);
    expect([money.balance, money.ledgerSum]).toEqual([400_000_000n, 400_000_000n]);
  });

  it('lets one operator on both nodes credit only one part of a split deposit alone', async () => {
    // Four eyes counts the account's credits of 24 hours (DEPOSIT_FOUR_EYES_USD 10 000):
    // two parts of 6 000 approved at once on two nodes by one operator, one session on each.
    const trader = await registerTrader(a, 'twonodes-split@example.com');
    const operator = await createOperator(a, 'finance');
    const onB = { ...operator, token: await logInOperator(b, operator.email, operator.password) };
    const parts = [
      await submitUsdtDeposit(a, trader.token, '6000'),
      await submitUsdtDeposit(b, trader.token, '6000'),
    ];
    const answers = await Promise.all([
      adminCall(a, operator.token, 'approveDeposit', { id: parts[0]!.data.id }),
      adminCall(b, onB.token, 'approveDeposit', { id: parts[1]!.data.id }),
    ]);
    // The account's lock orders them: the second sees the first's credit.
    expect(answers.map((x) => x.code).sort()).toEqual([1, 5017]);
    const money = await moneyOf(a, trader.id);
    expect([money.balance, money.ledgerSum]).toEqual([6_000_000_000n, 6_000_000_000n]);
    // Another operator's approval credits the second part; twice at once, it credits once.
    const waiting = answers.find((x) => x.code === 5017)!.data.id;
    const others = [await createOperator(a, 'finance'), await createOperator(b, 'finance')];
    const seconds = await Promise.all([
      adminCall(a, others[0]!.token, 'approveDeposit', { id: waiting }),
      adminCall(b, others[1]!.token, 'approveDeposit', { id: waiting }),
    ]);
    expect(seconds.map((x) => x.code).sort()).toEqual([1, 5015]);
    const after = await moneyOf(a, trader.id);
    expect([after.balance, after.ledgerSum]).toEqual([12_000_000_000n, 12_000_000_000n]);
  });

  it('lets withdrawals racing on both nodes take exactly what the balance holds', async () => {
    const trader = await registerTrader(a, 'twonodes-draw@example.com');
    await fund(a, trader.token, '100');
    const { methodId, currencyId } = await usableUsdtAddress(a, trader.token);
    const params = {
      draw_currency_id: currencyId,
      number: '15',
      draw_method_id: methodId,
      password: trader.password,
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).call('POST', '/api/account/draw', params, {
          authorization: trader.token,
        }),
      ),
    );
    expect(answers.filter((x) => x.code === 1)).toHaveLength(6);
    const money = await moneyOf(a, trader.id);
    expect([money.balance, money.lock]).toEqual([10_000_000n, 90_000_000n]);
    expect(money.ledgerSum).toBe(money.balance);

    // Both nodes decide on the same withdrawal: paid out once, or returned once.
    const onA = await createOperator(a, 'finance');
    const onB = await createOperator(b, 'finance');
    const id = answers.find((x) => x.code === 1)!.data.id;
    const decisions = await Promise.all([
      adminCall(a, onA.token, 'approveWithdrawal', { id }),
      adminCall(b, onB.token, 'rejectWithdrawal', { id, reason: 'duplicate request' }),
    ]);
    expect(decisions.map((x) => x.code).sort()).toEqual([1, 5016]);
    const after = await moneyOf(a, trader.id);
    expect(after.lock).toBe(75_000_000n);
    expect(after.balance).toBe(decisions[0]!.code === 1 ? 10_000_000n : 25_000_000n);
    expect(after.ledgerSum).toBe(after.balance);
  });
});
