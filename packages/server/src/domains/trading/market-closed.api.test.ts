import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  demoUser,
  ledgerSum,
  startEurusdApp,
  storedAccount,
  submitPayload,
  type TestApp,
} from '../../testing/test-app.ts';

const SATURDAY_NOON_NEW_YORK = Date.UTC(2026, 10, 7, 17, 0);

// Outside the instrument's session nothing trades: not a new order, and not a manual close
// either — the last quote is Friday's, and closing at it would be a price nobody could deal.
describe.each(DIALECTS)('a closed market on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;

  beforeEach(async () => {
    if (skip) return;
    ({ t, eurusd } = await startEurusdApp(name));
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('refuses a manual close with a clear message and changes nothing', async () => {
    const { user, token } = await demoUser(t, 'closed-market-1');
    const placed = await t.call('POST', '/v1/api/forex/submit', submitPayload(eurusd), {
      authorization: token,
    });
    expect(placed.code).toBe(1);
    const before = await storedAccount(t, user.id);
    t.clock.now = SATURDAY_NOON_NEW_YORK;

    const refused = await t.call(
      'POST',
      '/v1/api/forex/close',
      { id: placed.data.Id },
      { authorization: token },
    );
    expect(refused).toMatchObject({
      code: 2014,
      msg: 'The market is closed: this position can be closed when trading resumes',
    });
    const inGerman = await t.call(
      'POST',
      '/v1/api/forex/close',
      { id: placed.data.Id },
      { authorization: token, lang: 'de' },
    );
    expect(inGerman.msg).toMatch(/^Der Markt ist geschlossen/);
    const holding = await t.call(
      'GET',
      '/v1/api/forex/my_deal',
      { status: 1, page: 1 },
      { authorization: token },
    );
    expect(holding.data.data.map((o: { Id: number }) => o.Id)).toEqual([placed.data.Id]);
    expect(await storedAccount(t, user.id)).toEqual(before);
    expect(await ledgerSum(t, user.id)).toBe(before.balance);
  });
});
