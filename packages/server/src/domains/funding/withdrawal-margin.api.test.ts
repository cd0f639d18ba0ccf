import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { fund, moneyOf, usableUsdtAddress } from '../../testing/funding.ts';
import { registerTrader } from '../../testing/operators.ts';
import { startEurusdApp, submitPayload, type TestApp } from '../../testing/test-app.ts';

/**
 * A withdrawal may not take the margin open positions stand on: at most the free margin
 * (equity − used margin = balance + floating P&L), read under the account's lock from the
 * positions the database holds, never more than the balance.
 */
describe.each(DIALECTS)('withdrawals against open positions on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let quote: (bid: number, ask?: number) => void;

  beforeAll(async () => {
    if (skip) return;
    ({ t, eurusd, quote } = await startEurusdApp(name));
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('holds at most the free margin while a position loses', async () => {
    const trader = await registerTrader(t, 'margin@example.com');
    await fund(t, trader.token, '2000');
    const { methodId, currencyId } = await usableUsdtAddress(t, trader.token);
    quote(108_500);
    const as = { authorization: trader.token };
    const opened = await t.call('POST', '/v1/api/forex/submit', submitPayload(eurusd), as);
    expect(opened.code).toBe(1);
    quote(108_000); // the buy now loses (1.08508 − 1.08000) × 100 000 = 508 USD
    const detail = (await t.call('GET', '/v1/api/main/account/forexDetail', {}, as)).data;
    const free = detail.available_prepayment as number;
    expect(free).toBeLessThan(detail.balance - 500);

    const draw = (number: string) =>
      t.call(
        'POST',
        '/api/account/draw',
        {
          draw_currency_id: currencyId,
          number,
          draw_method_id: methodId,
          password: trader.password,
        },
        as,
      );
    const refused = await draw((Math.floor(free) + 1).toFixed(0));
    expect(refused.code).toBe(5007);
    expect(refused.msg).toContain(`at most ${free} USD`);
    // Below the balance, but above the free margin: refused all the same.
    expect(Math.floor(free) + 1).toBeLessThan(detail.balance);
    expect((await draw(Math.floor(free).toFixed(0))).code).toBe(1);
    const money = await moneyOf(t, trader.id);
    expect(money.ledgerSum).toBe(money.balance);
    expect(money.lock).toBe(BigInt(Math.floor(free)) * 1_000_000n);
  });
});
