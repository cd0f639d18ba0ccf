import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  auditRowsAfter,
  createOperator,
  lastAuditId,
  registerTrader,
  type TestOperator,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The cashier's configuration by finance: exact decimal text in and out, channels switched
 * off rather than deleted, bad values refused and nothing changed, every change audited.
 */
describe.each(DIALECTS)('funding configuration on $name', ({ name, skip }) => {
  let t: TestApp;
  let finance: TestOperator;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name, { WITHDRAW_COOLING_HOURS: '48' });
    finance = await createOperator(t, 'finance');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('shows the seeded channels and the rules as configured', async () => {
    const config = (await adminCall(t, finance.token, 'fundingConfig')).data;
    expect(config.networks).toHaveLength(4);
    expect(config.networks[2]).toMatchObject({
      currency_code: 'BTC',
      price_usd: '65000',
      min: '0.0005',
      enabled: true,
    });
    expect(config.wires.map((w: { currency: string }) => w.currency)).toEqual(['USD', 'EUR']);
    expect(config.draw_currencies[2]).toMatchObject({
      code: 'BTC',
      fee_type: 2,
      draw_rate: '0.001',
      usd_price: '0.000015384615',
      min: '50',
      max: '0',
    });
    expect(config.rules).toEqual({
      cooling_hours: 48,
      four_eyes_usd: '10000',
      daily_limit_usd: '50000',
    });
  });

  it.skipIf(skip)('adds and changes channels; a switched-off one leaves the cashier', async () => {
    const trader = await registerTrader(t, 'config@example.com');
    const from = await lastAuditId(t);
    const created = await adminCall(t, finance.token, 'saveNetwork', {
      currency_code: 'usdc',
      protocol_code: 'sol',
      address: 'SoLDemoAddress111',
      price_usd: '0.9998',
      min: '5',
      enabled: true,
    });
    expect(created.data).toMatchObject({
      currency_code: 'USDC',
      protocol_code: 'SOL',
      price_usd: '0.9998',
    });
    const networks = async () =>
      (await t.call('GET', '/api/quickCharge/info', {}, { authorization: trader.token })).data.map(
        (n: { currency_code: string }) => n.currency_code,
      );
    expect(await networks()).toContain('USDC');
    const off = await adminCall(t, finance.token, 'saveNetwork', {
      ...created.data,
      enabled: false,
    });
    expect(off.data.enabled).toBe(false);
    expect(await networks()).not.toContain('USDC');

    const currency = await adminCall(t, finance.token, 'saveDrawCurrency', {
      type: 2,
      code: 'gbp',
      draw_rate: '15',
      fee_type: 1,
      usd_price: '0.79',
      min: '100',
      max: '20000',
      enabled: true,
    });
    expect(currency.data).toMatchObject({ code: 'GBP', protocol: '', max: '20000' });
    const wire = await adminCall(t, finance.token, 'saveWire', {
      currency: 'GBP',
      bank_name: 'Demo Bank London',
      bank_address: '1 Bank St, London',
      bank_swift: 'demogb2l',
      payee_name: 'TradeDesk Ltd',
      payee_account: 'GB29NWBK60161331926819',
      price_usd: '1.27',
      min: '50',
      enabled: true,
    });
    expect(wire.data).toMatchObject({ bank_swift: 'DEMOGB2L', bank_remark: '' });

    const audit = await auditRowsAfter(t, from);
    expect(audit.map((r) => r.action)).toEqual([
      'network.create',
      'network.update',
      'draw_currency.create',
      'wire.create',
    ]);
    expect(JSON.parse(audit[1]!.before!)).toMatchObject({ enabled: true });
    expect(JSON.parse(audit[1]!.after!)).toMatchObject({ enabled: false });
  });

  it.skipIf(skip)('refuses bad values and changes nothing', async () => {
    const before = (await adminCall(t, finance.token, 'fundingConfig')).data;
    const network = before.networks[0];
    const save = (params: Record<string, unknown>) =>
      adminCall(t, finance.token, 'saveNetwork', { ...network, ...params });
    expect((await save({ price_usd: '0' })).code).toBe(4010);
    expect((await save({ price_usd: '1.0000000000001' })).code).toBe(4010);
    expect((await save({ price_usd: '-1' })).code).toBe(1026);
    expect((await save({ min: '0.000000001' })).code).toBe(4010);
    expect((await save({ address: '' })).code).toBe(1001);
    expect((await save({ id: 9999 })).code).toBe(404);
    // A second network under the same currency and protocol.
    expect((await save({ id: undefined, address: 'TOther' })).code).toBe(4010);
    const currency = before.draw_currencies[0];
    expect(
      (
        await adminCall(t, finance.token, 'saveDrawCurrency', {
          ...currency,
          min: '100',
          max: '50',
        })
      ).code,
    ).toBe(4010);
    expect((await adminCall(t, finance.token, 'fundingConfig')).data).toEqual(before);
  });

  it.skipIf(skip)('is for finance and the owner only', async () => {
    const support = await createOperator(t, 'support');
    expect((await adminCall(t, support.token, 'fundingConfig')).code).toBe(4001);
    expect((await adminCall(t, support.token, 'deposits')).code).toBe(4001);
    expect((await adminCall(t, undefined, 'withdrawals')).code).toBe(999);
  });
});
