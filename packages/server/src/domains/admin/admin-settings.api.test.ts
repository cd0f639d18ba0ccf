import { RESULT_CODES } from '@tradedesk/contract';
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

const code = RESULT_CODES;

/** Settings operators edit: checked beyond their type, effective at once for every client. */
describe.each(DIALECTS)('settings edited by operators on $name', ({ name, skip }) => {
  let t: TestApp;
  let owner: TestOperator;
  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    owner = await createOperator(t, 'owner');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const basicInfo = async () => (await t.call('GET', '/api/basicSet/getBasicInfo')).data;
  const settings = async () => (await adminCall(t, owner.token, 'settings')).data;
  const cspOfNextAnswer = async () =>
    String(
      (await t.app.inject({ method: 'GET', url: '/api/basicSet/getBasicInfo' })).headers[
        'content-security-policy'
      ],
    );

  it.skipIf(skip)('refuses a link that is not http(s), changing nothing', async () => {
    const before = { settings: await settings(), info: await basicInfo() };
    const since = await lastAuditId(t);
    for (const link of [
      'javascript:alert(1)',
      ' JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://files.example.com/',
      '//evil.example.com/',
      'not a link',
    ]) {
      const answer = await adminCall(t, owner.token, 'updateSettings', { service_link: link });
      expect(answer.code, link).toBe(code.INVALID_SETTING.code);
    }
    // One bad field refuses the whole change.
    const mixed = await adminCall(t, owner.token, 'updateSettings', {
      app_name: 'Half Saved',
      service_link: 'javascript:alert(1)',
    });
    expect(mixed.code).toBe(code.INVALID_SETTING.code);
    for (const refused of [{ complaint_email: 'not-an-email' }, { app_name: '   ' }]) {
      const answer = await adminCall(t, owner.token, 'updateSettings', refused);
      expect(answer.code, JSON.stringify(refused)).toBe(code.INVALID_SETTING.code);
    }
    expect(await settings()).toEqual(before.settings);
    expect(await basicInfo()).toEqual(before.info);
    expect(await auditRowsAfter(t, since)).toEqual([]);
  });

  it.skipIf(skip)('serves a valid change at once in getBasicInfo and the CSP', async () => {
    expect(await cspOfNextAnswer()).not.toContain('help.example.com');
    const change = {
      app_name: 'Desk Two',
      service_link: 'https://help.example.com/chat?room=1',
      service_link_type: 3,
      is_show_mobile: 3,
      verify_reg_type: 2,
      complaint_email: 'complaints@example.com',
    };
    const updated = await adminCall(t, owner.token, 'updateSettings', change);
    expect(updated).toMatchObject({ code: 1, data: change });
    expect(await settings()).toEqual(updated.data);
    expect(await basicInfo()).toMatchObject(change);
    // Frames of the new chat link are allowed from the next answer on.
    expect(await cspOfNextAnswer()).toMatch(/frame-src 'self' https:\/\/help\.example\.com/);

    // Only what is sent changes; an empty link means none.
    const cleared = await adminCall(t, owner.token, 'updateSettings', { service_link: '' });
    expect(cleared.data).toEqual({ ...updated.data, service_link: '' });
    expect(await basicInfo()).toMatchObject({ ...change, service_link: '' });
    expect(await cspOfNextAnswer()).not.toContain('help.example.com');
  });
});
