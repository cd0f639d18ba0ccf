import { RESULT_CODES } from '@tradedesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  adminLogin,
  auditRowsAfter,
  createOperator,
  lastAuditId,
  registerTrader,
  type TestOperator,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * What operators do besides changing records reaches the audit log too (issue 25, item 14):
 * each login that opens a session, and each support reply — who answered which trader and
 * how long the answer was, never its text.
 */
describe.each(DIALECTS)('audited operator activity on $name', ({ name, skip }) => {
  let t: TestApp;
  let desk: TestOperator;
  beforeEach(async () => {
    if (skip) return;
    t = await startTestApp(name);
    desk = await createOperator(t, 'support');
  });
  afterEach(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)('records a login with its address; a refused one leaves no row', async () => {
    const before = await lastAuditId(t);
    const wrong = await adminLogin(
      t,
      { account: desk.email, password: 'wrong-pass' },
      '198.51.100.9',
    );
    expect(wrong.code).toBe(RESULT_CODES.ADMIN_LOGIN_FAILED.code);
    expect(await auditRowsAfter(t, before)).toEqual([]);

    const right = await adminLogin(
      t,
      { account: desk.email, password: desk.password },
      '198.51.100.9',
    );
    expect(right.code).toBe(1);
    const rows = await auditRowsAfter(t, before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'operator.login',
      admin_id: desk.id,
      admin_email: desk.email,
      role: 'support',
      target_type: 'operator',
      target_id: String(desk.id),
      ip: '198.51.100.9',
      before: null,
    });
    expect(JSON.parse(rows[0]!.after!)).toEqual({ otp_used: false });
  });

  it.skipIf(skip)(
    'records a support reply: who, to which trader, its length, not its text',
    async () => {
      const trader = await registerTrader(t, 'asks@example.com');
      const uid = (await t.call('GET', '/api/user/info', {}, { authorization: trader.token })).data
        .uid as string;
      const before = await lastAuditId(t);
      const text = 'Your deposit of 500 USDT is credited — sorry for the wait';
      const reply = await adminCall(
        t,
        desk.token,
        'supportReply',
        { id: trader.id, content: text },
        { ip: '203.0.113.20' },
      );
      expect(reply.code).toBe(1);
      const rows = await auditRowsAfter(t, before);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'support.reply',
        admin_id: desk.id,
        admin_email: desk.email,
        target_type: 'user',
        target_id: String(trader.id),
        ip: '203.0.113.20',
      });
      expect(JSON.parse(rows[0]!.after!)).toEqual({
        uid,
        message_id: reply.data.id,
        length: [...text].length,
      });
      expect(rows[0]!.after).not.toContain('deposit');
    },
  );

  it.skipIf(skip)('a reply to no trader leaves no row', async () => {
    const before = await lastAuditId(t);
    const refused = await adminCall(t, desk.token, 'supportReply', { id: 999_999, content: 'Hi' });
    expect(refused.code).toBe(RESULT_CODES.CHAT_TRADER_NOT_FOUND.code);
    expect(await auditRowsAfter(t, before)).toEqual([]);
  });
});
