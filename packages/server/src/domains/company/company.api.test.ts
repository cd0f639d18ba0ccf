import { COMPANY_SEARCH_LIMIT, RESULT_CODES } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  auditRowsAfter,
  createOperator,
  lastAuditId,
  type TestOperator,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEFAULT_COMPANIES, seedDefaultCompanies } from './default-companies.ts';

const company = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  logo: '',
  url: 'https://example.com',
  subject: `${name} Holdings`,
  registered_address: '1 Test Road',
  location: '2 Office Street',
  email: 'desk@example.com',
  enabled: true,
  ...extra,
});

/**
 * Company mode and the start-up check: what operators set is what visitors' start-up check
 * and search answer; bad input refused with nothing changed; every write audited.
 */
describe.each(DIALECTS)('company mode on $name', ({ name, skip }) => {
  let t: TestApp;
  let owner: TestOperator;
  let support: TestOperator;
  let finance: TestOperator;
  const status = async () => (await t.call('GET', '/api/company/getCompanyStatus')).data;
  const search = async (text: string) =>
    t.call('GET', '/api/company/getCompany', { name: text }, { lang: 'en' });

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    owner = await createOperator(t, 'owner');
    support = await createOperator(t, 'support');
    finance = await createOperator(t, 'finance');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('a fresh installation is on, in normal mode, with sample companies', async () => {
    expect(await status()).toEqual({ status: 1, type: 1, url: '' });
    const all = await search('');
    expect(all.code).toBe(1);
    expect(all.data.map((c: { name: string }) => c.name)).toEqual(
      DEFAULT_COMPANIES.map((c) => c.name).sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      ),
    );
    expect(Object.keys(all.data[0]).sort()).toEqual(
      ['email', 'id', 'location', 'logo', 'name', 'registered_address', 'subject', 'url'].sort(),
    );
    // A second node starting on the same database adds nothing.
    await seedDefaultCompanies(t.store.db);
    expect((await search('')).data).toHaveLength(DEFAULT_COMPANIES.length);
  });

  it.skipIf(skip)(
    'owner sets status, type and loss URL; the start-up check answers them',
    async () => {
      const from = await lastAuditId(t);
      const on = await adminCall(t, owner.token, 'updateCompanySettings', {
        company_type: 0,
        loss_url: `https://gone.example/away`,
      });
      expect(on.code).toBe(1);
      expect(await status()).toEqual({ status: 1, type: 0, url: 'https://gone.example/away' });
      const off = await adminCall(t, owner.token, 'updateCompanySettings', { company_status: 0 });
      expect(off.data).toEqual({
        company_status: 0,
        company_type: 0,
        loss_url: 'https://gone.example/away',
      });
      expect(await status()).toEqual({ status: 0, type: 0, url: 'https://gone.example/away' });
      const rows = await auditRowsAfter(t, from);
      expect(rows.map((r) => r.action)).toEqual(['company.settings', 'company.settings']);
      expect(JSON.parse(rows[1]?.after ?? 'null')).toMatchObject({ company_status: 0 });
      expect(rows[1]?.admin_id).toBe(owner.id);
      await adminCall(t, owner.token, 'updateCompanySettings', {
        company_status: 1,
        company_type: 1,
      });
    },
  );

  it.skipIf(skip)(
    'refuses a bad loss URL or switching off without one; nothing changes',
    async () => {
      await adminCall(t, owner.token, 'updateCompanySettings', { loss_url: '' });
      const before = await status();
      const from = await lastAuditId(t);
      for (const loss_url of ['javascript:alert(1)', 'ftp://x.example/', 'not a url'])
        expect(
          (await adminCall(t, owner.token, 'updateCompanySettings', { loss_url })).code,
        ).not.toBe(1);
      expect(
        (await adminCall(t, owner.token, 'updateCompanySettings', { company_type: 7 })).code,
      ).not.toBe(1);
      const noUrl = await adminCall(t, owner.token, 'updateCompanySettings', { company_status: 0 });
      expect(noUrl.code).toBe(RESULT_CODES.LOSS_URL_REQUIRED.code);
      expect(noUrl.msg).toBe('Set a loss URL before switching the site off');
      expect(await status()).toEqual(before);
      expect(await auditRowsAfter(t, from)).toEqual([]);
      // http is allowed for the loss URL (it is only a destination), unlike logos and websites.
      const http = await adminCall(t, owner.token, 'updateCompanySettings', {
        loss_url: 'http://127.0.0.1:9/health',
      });
      expect(http.data.loss_url).toBe('http://127.0.0.1:9/health');
    },
  );

  it.skipIf(skip)(
    'only the owner changes the start-up check; support runs the companies',
    async () => {
      expect((await adminCall(t, support.token, 'companySettings')).code).toBe(
        RESULT_CODES.ADMIN_FORBIDDEN.code,
      );
      expect(
        (await adminCall(t, support.token, 'updateCompanySettings', { company_type: 0 })).code,
      ).toBe(RESULT_CODES.ADMIN_FORBIDDEN.code);
      expect((await adminCall(t, finance.token, 'companies')).code).toBe(
        RESULT_CODES.ADMIN_FORBIDDEN.code,
      );
      expect((await adminCall(t, finance.token, 'saveCompany', company('Finance Co'))).code).toBe(
        RESULT_CODES.ADMIN_FORBIDDEN.code,
      );
      expect((await adminCall(t, undefined, 'companies')).code).toBe(
        RESULT_CODES.INVALID_SESSION.code,
      );
      expect((await adminCall(t, support.token, 'companies')).code).toBe(1);
      expect((await adminCall(t, owner.token, 'companies')).code).toBe(1);
    },
  );

  it.skipIf(skip)('creates, changes and deletes companies with audit rows', async () => {
    const from = await lastAuditId(t);
    const created = await adminCall(
      t,
      support.token,
      'saveCompany',
      company('Zephyr Brokers', { email: ' Desk@Zephyr.Example ' }),
    );
    expect(created.code).toBe(1);
    expect(created.data).toMatchObject({
      name: 'Zephyr Brokers',
      email: 'desk@zephyr.example',
      enabled: true,
    });
    const id = created.data.id as number;
    const changed = await adminCall(t, support.token, 'saveCompany', {
      ...company('Zephyr Brokers Ltd'),
      id,
      logo: 'https://cdn.example/zephyr.png',
    });
    expect(changed.data).toMatchObject({
      id,
      name: 'Zephyr Brokers Ltd',
      logo: 'https://cdn.example/zephyr.png',
    });
    expect((await search('zephyr')).data).toEqual([
      {
        id,
        name: 'Zephyr Brokers Ltd',
        logo: 'https://cdn.example/zephyr.png',
        url: 'https://example.com',
        subject: 'Zephyr Brokers Ltd Holdings',
        registered_address: '1 Test Road',
        location: '2 Office Street',
        email: 'desk@example.com',
      },
    ]);
    expect((await adminCall(t, support.token, 'deleteCompany', { id })).code).toBe(1);
    expect((await search('zephyr')).data).toEqual([]);
    const missing = await adminCall(t, support.token, 'deleteCompany', { id });
    expect(missing.code).toBe(RESULT_CODES.COMPANY_NOT_FOUND.code);
    const rows = await auditRowsAfter(t, from);
    expect(rows.map((r) => [r.action, r.target_id])).toEqual([
      ['company.create', String(id)],
      ['company.update', String(id)],
      ['company.delete', String(id)],
    ]);
    expect(JSON.parse(rows[1]?.before ?? 'null')).toMatchObject({ name: 'Zephyr Brokers' });
    expect(JSON.parse(rows[1]?.after ?? 'null')).toMatchObject({ name: 'Zephyr Brokers Ltd' });
  });

  it.skipIf(skip)(
    'refuses bad companies and a name taken in any case; nothing changes',
    async () => {
      await adminCall(t, support.token, 'saveCompany', company('Unique Name Co'));
      const before = await adminCall(t, support.token, 'companies');
      const from = await lastAuditId(t);
      const taken = await adminCall(t, support.token, 'saveCompany', company('unique NAME co'));
      expect(taken.code).toBe(RESULT_CODES.COMPANY_NAME_TAKEN.code);
      for (const bad of [
        company(''),
        company('Bad Logo', { logo: 'http://insecure.example/logo.png' }),
        company('Bad Site', { url: 'javascript:alert(1)' }),
        company('Bad Mail', { email: 'not-an-email' }),
        company('x'.repeat(101)),
      ])
        expect((await adminCall(t, support.token, 'saveCompany', bad)).code).not.toBe(1);
      const ghost = await adminCall(t, support.token, 'saveCompany', {
        ...company('Ghost'),
        id: 999_999,
      });
      expect(ghost.code).toBe(RESULT_CODES.COMPANY_NOT_FOUND.code);
      expect((await adminCall(t, support.token, 'companies')).data).toEqual(before.data);
      expect(await auditRowsAfter(t, from)).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'search: any case, substring, wildcards literal, unpublished hidden, bounded',
    async () => {
      const hidden = await adminCall(
        t,
        support.token,
        'saveCompany',
        company('Quokka Hidden Markets', { enabled: false }),
      );
      expect(hidden.code).toBe(1);
      await adminCall(t, support.token, 'saveCompany', company('Quokka Visible Markets'));
      await adminCall(t, support.token, 'saveCompany', company('100% Quokka_Trust'));
      const names = async (text: string) =>
        (await search(text)).data.map((c: { name: string }) => c.name);
      expect(await names('QUOKKA')).toEqual(['100% Quokka_Trust', 'Quokka Visible Markets']);
      expect(await names('visible mark')).toEqual(['Quokka Visible Markets']);
      expect(await names('hidden')).toEqual([]);
      // % and _ are letters: "0%" matches only the name that has them.
      expect(await names('0%')).toEqual(['100% Quokka_Trust']);
      expect(await names('a_t')).toEqual(['100% Quokka_Trust']);
      expect(await names('nothing like this')).toEqual([]);
      for (let i = 0; i < COMPANY_SEARCH_LIMIT + 5; i++)
        await adminCall(
          t,
          support.token,
          'saveCompany',
          company(`Bulk Provider ${String(i).padStart(2, '0')}`),
        );
      const bulk = await names('bulk provider');
      expect(bulk).toHaveLength(COMPANY_SEARCH_LIMIT);
      expect(bulk[0]).toBe('Bulk Provider 00');
      expect((await search('x'.repeat(101))).code).not.toBe(1);
      const page2 = await adminCall(t, support.token, 'companies', { page: 2 });
      expect(page2.data.total).toBeGreaterThan(COMPANY_SEARCH_LIMIT + 5);
      expect(page2.data.data.length).toBeGreaterThan(0);
    },
  );
});
