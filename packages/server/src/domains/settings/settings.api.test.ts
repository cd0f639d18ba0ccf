import { UNSERVED_AREA_CODES } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../platform/db/seed.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { areaIdOf, seedAreas } from './seed-areas.ts';

describe.each(DIALECTS)('settings and areas on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeAll(async () => {
    if (!skip) t = await startTestApp(name);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('lists every country and territory with ISO code and calling code', async () => {
    const { code, data } = await t.call('GET', '/api/default/area_list');
    expect(code).toBe(1);
    expect(data.length).toBeGreaterThanOrEqual(240);
    const byCode = new Map(data.map((a: { code: string }) => [a.code, a]));
    expect(byCode.get('HK')).toEqual({ id: expect.any(Number), code: 'HK', global_code: '852' });
    expect(byCode.get('US')).toMatchObject({ global_code: '1' });
    expect(byCode.get('GB')).toMatchObject({ global_code: '44' });
    expect(new Set(data.map((a: { id: number }) => a.id)).size).toBe(data.length);
  });

  it.skipIf(skip)(
    'leaves out the areas whose residents are not served, and still refuses their ids',
    async () => {
      const { data } = await t.call('GET', '/api/default/area_list');
      const codes = data.map((a: { code: string }) => a.code);
      for (const code of ['KP', 'IL', 'CN', 'VU', 'CU']) expect(codes, code).not.toContain(code);
      // The announcement's five: the contract's list is the one the refusal reads too.
      expect([...UNSERVED_AREA_CODES].sort()).toEqual(['CN', 'CU', 'IL', 'KP', 'VU']);
      // The rest keep the contract's fields.
      expect(data.find((a: { code: string }) => a.code === 'HK')).toEqual({
        id: areaIdOf('HK'),
        code: 'HK',
        global_code: '852',
      });
      // An unserved id sent anyway is refused as not served (1007), not as unknown.
      const sent = await t.call('POST', '/api/notify/send_sms', {
        to: '13812345678',
        area_id: areaIdOf('CN'),
        type: 1,
      });
      expect(sent.code).toBe(1007);
    },
  );

  it.skipIf(skip)('seeds idempotently and never overwrites an operator change', async () => {
    await t.store.db
      .updateTable('settings')
      .set({ value: '3' })
      .where('key', '=', 'is_show_mobile')
      .execute();
    await seed(t.store, [seedAreas]);
    await seed(t.store, [seedAreas]);
    expect((await t.call('GET', '/api/default/setting', { key: 'is_show_mobile' })).data).toEqual({
      key: 'is_show_mobile',
      value: '3',
    });
    const areas = await t.store.db.selectFrom('areas').select('id').execute();
    // The unserved areas stay seeded (their ids are refused by name), off the list.
    expect(areas.length).toBe(
      (await t.call('GET', '/api/default/area_list')).data.length + UNSERVED_AREA_CODES.length,
    );
  });

  it.skipIf(skip)('gives the basic info the client needs at start', async () => {
    const { data } = await t.call('GET', '/api/basicSet/getBasicInfo');
    expect(data).toMatchObject({
      service_link: expect.any(String),
      service_link_type: expect.any(Number),
      verify_reg_type: 1,
      trade_fee_type: expect.any(Number),
      default_lang: 'hk',
      demo_balance: '100000',
      // WITHDRAW_COOLING_HOURS' default: the binding form says how long a new method waits.
      withdraw_cooling_hours: 24,
    });
  });

  it.skipIf(skip)('tells the waiting period of new withdrawal methods as configured', async () => {
    const configured = await startTestApp(name, { WITHDRAW_COOLING_HOURS: '36' });
    try {
      const { data } = await configured.call('GET', '/api/basicSet/getBasicInfo');
      expect(data.withdraw_cooling_hours).toBe(36);
    } finally {
      await configured.close();
    }
  });

  it.skipIf(skip)('refuses settings that are not public', async () => {
    expect((await t.call('GET', '/api/default/setting', { key: 'smtp_password' })).code).toBe(1022);
    expect((await t.call('GET', '/api/default/setting')).code).toBe(1001);
  });
});
