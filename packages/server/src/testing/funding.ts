import { RESULT_CODES } from '@tradedesk/contract';
import { createOperator, type TestOperator } from './operators.ts';
import { logInAs, registerByEmail, type TestApp } from './test-app.ts';
import { testImage, uploadImage } from './uploads.ts';

/** The seeded channels a test names: the first deposit network of a currency and network. */
export async function networkOf(t: TestApp, token: string, currency: string, protocol: string) {
  const networks = await t.call('GET', '/api/quickCharge/info', {}, { authorization: token });
  const network = (
    networks.data as { id: number; currency_code: string; protocol_code: string; address: string }[]
  ).find((n) => n.currency_code === currency && n.protocol_code === protocol);
  if (!network) throw new Error(`no ${currency} ${protocol} network`);
  return network;
}

/** A withdrawal currency of a type (1 coin, 2 bank) by code (and protocol). */
export async function drawCurrencyOf(
  t: TestApp,
  token: string,
  type: 1 | 2,
  code: string,
  protocol = '',
) {
  const list = await t.call(
    'GET',
    '/api/account/draw_symbol_list',
    { type },
    { authorization: token },
  );
  const currency = (list.data as { id: number; code: string; protocol: string }[]).find(
    (c) => c.code === code && (protocol === '' || c.protocol === protocol),
  );
  if (!currency) throw new Error(`no ${code} ${protocol} withdrawal currency`);
  return currency;
}

/** A proof image of the trader's, different each call unless `seed` repeats (same bytes). */
export async function proofOf(t: TestApp, token: string, seed = Math.random()): Promise<string> {
  const width = 40 + Math.floor(seed * 1000);
  // Taller as it widens: uploads refuse a long side above 20 times the short one.
  const height = Math.max(40, Math.ceil(width / 10));
  const upload = await uploadImage(t.app, token, await testImage('png', { width, height }));
  if (upload.code !== 1) throw new Error(`upload refused: ${upload.msg}`);
  return upload.data.url as string;
}

/** Reports a USDT TRC20 deposit of `number` with a fresh proof; answers the envelope. */
export async function submitUsdtDeposit(t: TestApp, token: string, number: string) {
  const network = await networkOf(t, token, 'USDT', 'TRC20');
  return t.call(
    'POST',
    '/api/quickCharge/submit',
    {
      number,
      proofImg: await proofOf(t, token),
      address: network.address,
      charge_id: network.id,
    },
    { authorization: token },
  );
}

/**
 * Funds a trader as a deposit does: a USDT deposit of `usd` (price 1) approved by a finance
 * operator (created when none is given) — and, when four eyes asks for it (the credit, or the
 * account's credits of 24 hours, reach DEPOSIT_FOUR_EYES_USD), by a second one.
 */
export async function fund(
  t: TestApp,
  token: string,
  usd: string,
  finance?: TestOperator,
): Promise<TestOperator> {
  const operator = finance ?? (await createOperator(t, 'finance'));
  const deposit = await submitUsdtDeposit(t, token, usd);
  if (deposit.code !== 1) throw new Error(`deposit refused: ${deposit.msg}`);
  const approve = (by: TestOperator) =>
    t.call(
      'POST',
      `/admin/api/deposits/${deposit.data.id}/approve`,
      {},
      { authorization: by.token },
    );
  let approved = await approve(operator);
  const firstOfTwo =
    approved.code === RESULT_CODES.FOUR_EYES_REQUIRED.code ||
    (approved.code === 1 && approved.data.status === 0);
  if (firstOfTwo) approved = await approve(await createOperator(t, 'finance'));
  if (approved.code !== 1 || approved.data.status !== 1)
    throw new Error(`approval refused: ${approved.msg}`);
  return operator;
}

/** Binds a USDT TRC20 address and lets the cooling-off pass; answers the method's id. */
export async function usableUsdtAddress(
  t: TestApp,
  token: string,
  address = 'TWacKoiony22PT5Dx2gcTt3CYiLWH2zxYU',
) {
  const currency = await drawCurrencyOf(t, token, 1, 'USDT', 'TRC20');
  const bound = await t.call(
    'POST',
    '/api/wallet/bind_draw_method',
    { type: 1, draw_id: currency.id, dc_address: address },
    { authorization: token },
  );
  if (bound.code !== 1) throw new Error(`bind refused: ${bound.msg}`);
  t.clock.advance(24 * 60 * 60 * 1000 + 1);
  return { methodId: bound.data.id as number, currencyId: currency.id };
}

/** Σ ledger, balance and lock of a user as stored (micro-USD). */
export async function moneyOf(t: TestApp, userId: number) {
  const account = await t.store.db
    .selectFrom('accounts')
    .select(['balance', 'lock_balance'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const ledger = await t.store.db
    .selectFrom('ledger')
    .select(['amount', 'kind', 'funding_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return {
    balance: BigInt(account?.balance ?? 0),
    lock: BigInt(account?.lock_balance ?? 0),
    ledgerSum: ledger.reduce((sum, row) => sum + BigInt(row.amount), 0n),
    ledger: ledger.map((row) => ({
      amount: BigInt(row.amount),
      kind: row.kind,
      fundingId: row.funding_id === null ? null : Number(row.funding_id),
    })),
  };
}

/**
 * A real trader registered by e-mail, logged in and funded by an approved deposit of `usd`:
 * a leader copy trading and the ranking can count.
 */
export async function fundedTrader(t: TestApp, email: string, usd = '10000') {
  await registerByEmail(t, email);
  const token = await logInAs(t, email);
  await fund(t, token, usd);
  const info = await t.call('GET', '/api/user/info', {}, { authorization: token });
  return { email, token, id: info.data.id as number, uid: info.data.uid as string };
}

/** The trader's consent to be listed in the ranking and copied (issue 36: off until given). */
export async function optIn(t: TestApp, token: string, consent = { listed: 1, copyable: 1 }) {
  const answer = await t.call('POST', '/api/follow/settings', consent, { authorization: token });
  if (answer.code !== 1) throw new Error(`opting in failed: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A funded real trader who opted in to be listed and copied: a leader followers can find. */
export async function fundedLeader(t: TestApp, email: string, usd = '10000') {
  const trader = await fundedTrader(t, email, usd);
  await optIn(t, trader.token);
  return trader;
}
