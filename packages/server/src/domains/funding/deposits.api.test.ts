import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { moneyOf, networkOf, proofOf, submitUsdtDeposit } from '../../testing/funding.ts';
import {
  adminCall,
  auditRowsAfter,
  createOperator,
  lastAuditId,
  registerTrader,
  type TestOperator,
} from '../../testing/operators.ts';
import { demoUser, startTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Deposits end to end through the real endpoints (SPEC.md §4, DECISIONS.md Funding): a trader
 * reports a deposit with a proof; finance credits it at the currency's price (one ledger row),
 * rejects it with a remark or marks it invalid; the trader follows every step.
 */
describe.each(DIALECTS)('deposits on $name', ({ name, skip }) => {
  let t: TestApp;
  let finance: TestOperator;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    finance = await createOperator(t, 'finance');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const as = (token: string) => ({ authorization: token });
  const records = async (token: string, params: Record<string, unknown> = {}) =>
    (await t.call('GET', '/api/quickCharge/quick_ist', params, as(token))).data;
  const notices = (to: string) =>
    (t.outbox() as unknown as { to: string; kind?: string; body?: string }[]).filter(
      (line) => line.to === to && line.kind,
    );

  it.skipIf(skip)('shows the seeded networks, wire currencies and wire accounts', async () => {
    const { token } = await registerTrader(t, 'networks@example.com');
    const networks = await t.call('GET', '/api/quickCharge/info', {}, as(token));
    expect(networks.code).toBe(1);
    expect(
      networks.data.map((n: { currency_code: string; protocol_code: string }) =>
        [n.currency_code, n.protocol_code].join('/'),
      ),
    ).toEqual(['USDT/TRC20', 'USDT/ERC20', 'BTC/BTC', 'ETH/ERC20']);
    expect(networks.data[2]).toMatchObject({ price_usd: 65000, min: 0.0005 });

    const symbols = await t.call('GET', '/api/quickCharge/symbols', {}, as(token));
    expect(symbols.data).toEqual([
      { code: 'USD', price_usd: 1 },
      { code: 'EUR', price_usd: 1.08 },
    ]);
    const wires = await t.call(
      'GET',
      '/api/quickCharge/wire_info',
      { bank_coin: 'eur' },
      as(token),
    );
    expect(wires.data).toHaveLength(1);
    expect(wires.data[0]).toMatchObject({ currency: 'EUR', bank_swift: 'DEMODEFF' });
    expect(
      (await t.call('GET', '/api/quickCharge/wire_info', { bank_coin: 'JPY' }, as(token))).data,
    ).toEqual([]);
  });

  it.skipIf(skip)(
    'credits an approved BTC deposit at its price, exactly, with one ledger row, audited and told',
    async () => {
      const trader = await registerTrader(t, 'btc@example.com');
      const network = await networkOf(t, trader.token, 'BTC', 'BTC');
      const submitted = await t.call(
        'POST',
        '/api/quickCharge/submit',
        {
          number: '0.015',
          proofImg: await proofOf(t, trader.token),
          address: network.address,
          charge_id: network.id,
        },
        as(trader.token),
      );
      expect(submitted.code).toBe(1);
      expect(submitted.msg).toBe('Deposit submitted, it will be credited after review');
      expect(submitted.data).toMatchObject({
        number: 0.015,
        type: 0,
        currency_code: 'BTC',
        protocol_code: 'BTC',
        status: 0,
        remark: '',
        credited: 0,
      });
      expect(submitted.data.timeline.map((s: { step: string }) => s.step)).toEqual(['submitted']);

      // The queue shows the proof, the amount and what approval will credit.
      const queue = await adminCall(t, finance.token, 'deposits', {});
      const row = queue.data.data.find((d: { id: number }) => d.id === submitted.data.id);
      expect(row).toMatchObject({
        user_id: trader.id,
        number: 0.015,
        price_usd: '65000',
        credit: '975',
        destination: network.address,
        duplicates: [],
      });
      const proof = await t.app.inject({
        method: 'GET',
        url: row.proof_img,
        headers: { authorization: finance.token },
      });
      expect(proof.statusCode).toBe(200);

      const auditFrom = await lastAuditId(t);
      const approved = await adminCall(t, finance.token, 'approveDeposit', {
        id: submitted.data.id,
      });
      expect(approved.code).toBe(1);
      expect(approved.data).toMatchObject({
        status: 1,
        credit: '975',
        reviewer: finance.email,
        remark: '',
      });
      // Once: a second decision finds it decided.
      expect((await adminCall(t, finance.token, 'approveDeposit', { id: row.id })).code).toBe(5015);
      expect(
        (await adminCall(t, finance.token, 'rejectDeposit', { id: row.id, remark: 'late' })).code,
      ).toBe(5015);

      const money = await moneyOf(t, trader.id);
      expect(money.balance).toBe(975_000_000n);
      expect(money.ledgerSum).toBe(money.balance);
      expect(money.ledger).toEqual([
        { amount: 975_000_000n, kind: 'deposit', fundingId: submitted.data.id },
      ]);
      const balance = await t.call('GET', '/v1/api/main/wallet/getBalance', {}, as(trader.token));
      expect(balance.data).toEqual({ balance: 975, lock_balance: 0 });
      const ledger = await t.call(
        'GET',
        '/v1/api/main/accountLog/forexChange',
        { page: 1 },
        as(trader.token),
      );
      expect(ledger.data.data[0]).toMatchObject({ Value: 975, MemoTran: 'Deposit credited' });

      const [record] = (await records(trader.token)).data;
      expect(record).toMatchObject({ status: 1, credited: 975 });
      expect(record.timeline.map((s: { step: string; note: string }) => [s.step, s.note])).toEqual([
        ['submitted', ''],
        ['credited', '975 USD'],
      ]);

      const audit = await auditRowsAfter(t, auditFrom);
      expect(audit.map((r) => r.action)).toEqual(['deposit.approve']);
      expect(JSON.parse(audit[0]!.after!)).toMatchObject({ status: 1, credited: '975' });
      expect(notices(trader.email).at(-1)).toMatchObject({ kind: 'deposit_credited' });
    },
  );

  it.skipIf(skip)(
    'rejects with a remark the trader reads, marks invalid, and credits nothing',
    async () => {
      const trader = await registerTrader(t, 'refused@example.com');
      const first = await submitUsdtDeposit(t, trader.token, '100');
      const second = await submitUsdtDeposit(t, trader.token, '200');
      expect(
        (await adminCall(t, finance.token, 'rejectDeposit', { id: first.data.id, remark: '' }))
          .code,
      ).toBe(1001);
      const rejected = await adminCall(t, finance.token, 'rejectDeposit', {
        id: first.data.id,
        remark: 'No transfer with this amount arrived',
      });
      expect(rejected.data).toMatchObject({
        status: 2,
        remark: 'No transfer with this amount arrived',
      });
      const invalid = await adminCall(t, finance.token, 'invalidDeposit', {
        id: second.data.id,
        remark: 'The proof shows another account',
      });
      expect(invalid.data.status).toBe(3);
      const list = (await records(trader.token)).data;
      expect(
        list.map((d: { id: number; status: number; remark: string }) => [d.id, d.status, d.remark]),
      ).toEqual([
        [second.data.id, 3, 'The proof shows another account'],
        [first.data.id, 2, 'No transfer with this amount arrived'],
      ]);
      expect(list[1].timeline.map((s: { step: string }) => s.step)).toEqual([
        'submitted',
        'rejected',
      ]);
      expect((await moneyOf(t, trader.id)).balance).toBe(0n);
      expect(notices(trader.email).map((n) => n.kind)).toEqual([
        'deposit_rejected',
        'deposit_invalid',
      ]);
    },
  );

  it.skipIf(skip)(
    'takes a wire deposit to a chosen wire account, credited at its price',
    async () => {
      const trader = await registerTrader(t, 'wire@example.com');
      const [eur] = (
        await t.call('GET', '/api/quickCharge/wire_info', { bank_coin: 'EUR' }, as(trader.token))
      ).data;
      const submitted = await t.call(
        'POST',
        '/api/quickCharge/wire_submit',
        { number: '1000', proofImg: await proofOf(t, trader.token), wire_id: eur.id },
        as(trader.token),
      );
      expect(submitted.data).toMatchObject({ type: 1, currency_code: 'EUR', protocol_code: '' });
      expect(
        (
          await t.call(
            'POST',
            '/api/quickCharge/wire_submit',
            { number: '1000', proofImg: 'x' },
            as(trader.token),
          )
        ).code,
      ).toBe(1001);
      await adminCall(t, finance.token, 'approveDeposit', { id: submitted.data.id });
      expect((await moneyOf(t, trader.id)).balance).toBe(1_080_000_000n);
      expect((await records(trader.token, { type: 1 })).total).toBe(1);
      expect((await records(trader.token, { type: 0 })).total).toBe(0);
    },
  );

  it.skipIf(skip)('flags two deposits sent with the same image bytes to the reviewer', async () => {
    const trader = await registerTrader(t, 'twice@example.com');
    const network = await networkOf(t, trader.token, 'USDT', 'ERC20');
    const send = async () =>
      t.call(
        'POST',
        '/api/quickCharge/submit',
        {
          number: '500',
          proofImg: await proofOf(t, trader.token, 0.4242),
          address: network.address,
          charge_id: network.id,
        },
        as(trader.token),
      );
    const a = await send();
    const b = await send();
    const rows = (await adminCall(t, finance.token, 'deposits', {})).data.data;
    const dup = (id: number) => rows.find((r: { id: number }) => r.id === id).duplicates;
    expect(dup(a.data.id)).toEqual([b.data.id]);
    expect(dup(b.data.id)).toEqual([a.data.id]);
  });

  it.skipIf(skip)('refuses what cannot be a deposit and changes nothing', async () => {
    const trader = await registerTrader(t, 'bad@example.com');
    const other = await registerTrader(t, 'other@example.com');
    const network = await networkOf(t, trader.token, 'USDT', 'TRC20');
    const proof = await proofOf(t, trader.token);
    const submit = (params: Record<string, unknown>, token = trader.token) =>
      t.call(
        'POST',
        '/api/quickCharge/submit',
        {
          number: '50',
          proofImg: proof,
          address: network.address,
          charge_id: network.id,
          ...params,
        },
        as(token),
      );
    expect((await submit({ number: '0' })).code).toBe(5002);
    expect((await submit({ number: '1.123456789' })).code).toBe(5002);
    expect((await submit({ number: '1e3' })).code).toBe(1026);
    expect((await submit({ number: '5' })).code).toBe(5003);
    expect((await submit({ charge_id: 999 })).code).toBe(5001);
    expect((await submit({ address: 'TSomeoneElse' })).code).toBe(5005);
    // Someone else's upload is not a proof of mine.
    expect((await submit({}, other.token)).code).toBe(3004);
    expect((await submit({ proofImg: '/api/common/upload/nothing.png' })).code).toBe(3004);
    expect((await records(trader.token)).total).toBe(0);

    const demo = await demoUser(t, 'deposit-demo-device');
    const refused = await t.call('GET', '/api/quickCharge/info', {}, as(demo.token));
    expect([refused.code, refused.msg]).toEqual([
      1016,
      'Please register or log in to a real account',
    ]);
    expect((await submit({}, demo.token)).code).toBe(1016);
    expect((await t.call('GET', '/api/quickCharge/quick_ist', {})).code).toBe(999);
  });

  it.skipIf(skip)('keeps at most ten deposits under review per trader', async () => {
    const trader = await registerTrader(t, 'many@example.com');
    for (let i = 0; i < 10; i++)
      expect((await submitUsdtDeposit(t, trader.token, '20')).code).toBe(1);
    const eleventh = await submitUsdtDeposit(t, trader.token, '20');
    expect([eleventh.code, eleventh.msg]).toEqual([
      5006,
      'You have 10 deposits under review: please wait for them first',
    ]);
  });

  it.skipIf(skip)('never shows a trader the deposits of another', async () => {
    const a = await registerTrader(t, 'mine-a@example.com');
    const b = await registerTrader(t, 'mine-b@example.com');
    await submitUsdtDeposit(t, a.token, '30');
    expect((await records(a.token)).total).toBe(1);
    expect((await records(b.token)).total).toBe(0);
  });

  it.skipIf(skip)('credits once when two operators approve the same deposit at once', async () => {
    const trader = await registerTrader(t, 'race@example.com');
    const other = await createOperator(t, 'finance');
    const deposit = await submitUsdtDeposit(t, trader.token, '250');
    const answers = await Promise.all([
      adminCall(t, finance.token, 'approveDeposit', { id: deposit.data.id }),
      adminCall(t, other.token, 'approveDeposit', { id: deposit.data.id }),
      adminCall(t, other.token, 'rejectDeposit', { id: deposit.data.id, remark: 'no' }),
    ]);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 5015)).toHaveLength(2);
    const money = await moneyOf(t, trader.id);
    expect(money.ledgerSum).toBe(money.balance);
    expect([0n, 250_000_000n]).toContain(money.balance);
  });
});
