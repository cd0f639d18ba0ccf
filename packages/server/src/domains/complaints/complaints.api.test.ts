import { RESULT_CODES } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { adminCall, createOperator, registerTrader } from '../../testing/operators.ts';
import { demoUser, startTestApp, type TestApp } from '../../testing/test-app.ts';

const HOUR = 60 * 60_000;

type Notice = { channel: string; to: string; kind?: string; subject?: string; body?: string };

/**
 * Complaints end to end: filed by a trader (bounded, rate limited, refusals change nothing),
 * stored, announced to complaint_email through the notifier, listed for the support desk,
 * marked handled once and answered once (the trader reads the answer, nobody else), audited.
 */
describe.each(DIALECTS)('complaints on $name', ({ name, skip }) => {
  let t: TestApp;
  let owner: string;
  let support: string;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    owner = (await createOperator(t, 'owner')).token;
    support = (await createOperator(t, 'support')).token;
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const complain = (token: string | undefined, params: Record<string, unknown>, lang = 'en') =>
    t.call('POST', '/api/user/complaint', params, {
      lang,
      ...(token ? { authorization: token } : {}),
    });
  const mine = async (token: string) =>
    (await t.call('GET', '/api/user/complaint_list', {}, { authorization: token })).data;
  const stored = async () =>
    Number(
      (
        await t.store.db
          .selectFrom('complaints')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const notices = (to: string) =>
    (t.outbox() as unknown as Notice[]).filter((l) => l.to === to && l.kind === 'complaint');
  const valid = { subject: 'Slow withdrawal', message: 'My withdrawal has waited for two days.' };

  it.skipIf(skip)(
    'stores a complaint, mails the complaint address and lists it as mine',
    async () => {
      expect(
        (await adminCall(t, owner, 'updateSettings', { complaint_email: 'desk@example.com' })).code,
      ).toBe(1);
      const trader = await registerTrader(t, 'complainer@example.com');
      const filed = await complain(trader.token, {
        subject: '  Slow withdrawal ',
        message: 'My withdrawal has waited for two days.\nPlease look.',
      });
      expect(filed).toMatchObject({ code: 1, msg: 'Your complaint has been sent' });
      expect(filed.data).toEqual({
        id: expect.any(Number),
        subject: 'Slow withdrawal',
        message: 'My withdrawal has waited for two days.\nPlease look.',
        status: 0,
        created_at: '2026-11-02 12:00:00',
        answer: null,
        answered_at: null,
      });

      const [mail] = notices('desk@example.com');
      expect(mail).toMatchObject({ channel: 'email', to: 'desk@example.com' });
      expect(mail?.subject).toContain('Slow withdrawal');
      expect(mail?.body).toContain('complainer@example.com');
      expect(mail?.body).toContain('My withdrawal has waited for two days.\nPlease look.');

      expect(await mine(trader.token)).toEqual({ data: [filed.data], total: 1 });
      // Nobody else sees it.
      const other = await registerTrader(t, 'bystander@example.com');
      expect(await mine(other.token)).toEqual({ data: [], total: 0 });
    },
  );

  it.skipIf(skip)('mails in the language the trader wrote in', async () => {
    const trader = await registerTrader(t, 'hk-complainer@example.com');
    expect((await complain(trader.token, valid, 'hk')).msg).toBe('您的投訴已發送');
    expect(notices('desk@example.com').at(-1)?.subject).toBe(
      `交易者 ${(await t.call('GET', '/api/user/info', {}, { authorization: trader.token })).data.uid} 的投訴：Slow withdrawal`,
    );
  });

  it.skipIf(skip)('refuses bad input, changing nothing', async () => {
    const trader = await registerTrader(t, 'careless@example.com');
    const before = await stored();
    const mails = t.outbox().length;
    const cases: [Record<string, unknown>, number][] = [
      [{ message: valid.message }, RESULT_CODES.INCOMPLETE.code],
      [{ subject: '   ', message: valid.message }, RESULT_CODES.INCOMPLETE.code],
      [{ subject: valid.subject }, RESULT_CODES.INCOMPLETE.code],
      [{ subject: 'x'.repeat(101), message: valid.message }, RESULT_CODES.FIELD_TOO_LONG.code],
      [{ subject: valid.subject, message: 'm'.repeat(2001) }, RESULT_CODES.FIELD_TOO_LONG.code],
      [
        { subject: 'Line\r\nBcc: x@example.com', message: valid.message },
        RESULT_CODES.BAD_REQUEST.code,
      ],
      [{ subject: valid.subject, message: 'Too short' }, RESULT_CODES.COMPLAINT_TOO_SHORT.code],
    ];
    for (const [params, code] of cases) {
      const answer = await complain(trader.token, params);
      expect(answer.code, JSON.stringify(params)).toBe(code);
    }
    expect(await stored()).toBe(before);
    expect(t.outbox()).toHaveLength(mails);
    // The bounds themselves pass: 100 and 2000 characters, 10 for the message.
    expect(
      (await complain(trader.token, { subject: 's'.repeat(100), message: 'm'.repeat(2000) })).code,
    ).toBe(1);
    expect(
      (await complain(trader.token, { subject: 'Ten', message: '十個字的投訴內容在此' })).code,
    ).toBe(1);
  });

  it.skipIf(skip)(
    'limits complaints per trader per hour; demo users may complain; visitors not',
    async () => {
      const trader = await registerTrader(t, 'angry@example.com');
      for (let i = 0; i < 5; i += 1) expect((await complain(trader.token, valid)).code).toBe(1);
      const before = await stored();
      const limited = await complain(trader.token, valid);
      expect(limited.code).toBe(RESULT_CODES.RATE_LIMITED.code);
      expect(await stored()).toBe(before);
      // Another trader is not affected; the hour passes and it works again.
      const calm = await registerTrader(t, 'calm@example.com');
      expect((await complain(calm.token, valid)).code).toBe(1);
      t.clock.advance(HOUR);
      expect((await complain(trader.token, valid)).code).toBe(1);

      const demo = await demoUser(t, 'complaint-demo-device');
      expect((await complain(demo.token, valid)).code).toBe(1);
      expect(notices('desk@example.com').at(-1)?.body).toContain('demo');
      expect((await complain(undefined, valid)).code).toBe(999);
      expect((await t.call('GET', '/api/user/complaint_list')).code).toBe(999);
    },
  );

  it.skipIf(skip)('is stored even when no complaint address is set', async () => {
    await adminCall(t, owner, 'updateSettings', { complaint_email: '' });
    const trader = await registerTrader(t, 'no-address@example.com');
    const mails = t.outbox().length;
    expect((await complain(trader.token, valid)).code).toBe(1);
    expect(t.outbox()).toHaveLength(mails);
    expect((await mine(trader.token)).total).toBe(1);
    await adminCall(t, owner, 'updateSettings', { complaint_email: 'desk@example.com' });
  });

  it.skipIf(skip)(
    'lists complaints for support and owner, marks one handled once, audited',
    async () => {
      const trader = await registerTrader(t, 'desk-case@example.com');
      const filed = (await complain(trader.token, { subject: 'Desk case', message: valid.message }))
        .data;

      for (const role of ['finance', 'compliance', 'editor'] as const) {
        const other = await createOperator(t, role);
        expect((await adminCall(t, other.token, 'complaints')).code).toBe(
          RESULT_CODES.ADMIN_FORBIDDEN.code,
        );
        expect((await adminCall(t, other.token, 'handleComplaint', { id: filed.id })).code).toBe(
          RESULT_CODES.ADMIN_FORBIDDEN.code,
        );
      }
      expect((await adminCall(t, trader.token, 'complaints')).code).toBe(999);

      const queue = await adminCall(t, support, 'complaints');
      expect(queue.code).toBe(1);
      const row = queue.data.data.find((r: { id: number }) => r.id === filed.id);
      expect(row).toEqual({
        id: filed.id,
        user_id: trader.id,
        uid: expect.any(String),
        email: 'desk-case@example.com',
        mobile: null,
        subject: 'Desk case',
        message: valid.message,
        status: 0,
        created_at: t.clock.now,
        handled_at: null,
        handled_by: null,
        answer: null,
        answered_at: null,
        answered_by: null,
      });
      // Oldest first.
      const ids = queue.data.data.map((r: { id: number }) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect((await adminCall(t, owner, 'complaints')).data.total).toBe(queue.data.total);

      t.clock.advance(5_000);
      const handled = await adminCall(t, support, 'handleComplaint', { id: filed.id });
      expect(handled.code).toBe(1);
      expect(handled.data).toMatchObject({ id: filed.id, status: 1, handled_at: t.clock.now });
      expect(handled.data.handled_by).toMatch(/^support-/);
      expect((await adminCall(t, owner, 'handleComplaint', { id: filed.id })).code).toBe(
        RESULT_CODES.COMPLAINT_ALREADY_HANDLED.code,
      );
      expect((await adminCall(t, owner, 'handleComplaint', { id: 999_999 })).code).toBe(
        RESULT_CODES.COMPLAINT_NOT_FOUND.code,
      );

      const received = (await adminCall(t, support, 'complaints', { status: 0 })).data.data;
      expect(received.map((r: { id: number }) => r.id)).not.toContain(filed.id);
      const done = (await adminCall(t, support, 'complaints', { status: 1 })).data.data;
      expect(done.map((r: { id: number }) => r.id)).toContain(filed.id);
      expect((await mine(trader.token)).data[0].status).toBe(1);

      const audit = await adminCall(t, owner, 'audit', { action: 'complaint.handled' });
      expect(audit.data.data).toHaveLength(1);
      expect(audit.data.data[0]).toMatchObject({
        target_type: 'complaint',
        target_id: String(filed.id),
        role: 'support',
      });
      expect(JSON.parse(audit.data.data[0].after)).toMatchObject({ status: 1 });
    },
  );

  it.skipIf(skip)(
    'answers a complaint once; its trader reads the answer and its time, nobody else does',
    async () => {
      const trader = await registerTrader(t, 'answered@example.com');
      const other = await registerTrader(t, 'nosy@example.com');
      const filed = (await complain(trader.token, { subject: 'Fee', message: valid.message })).data;
      const answer = 'The fee is the network fee of TRC20.\nIt is refunded if the transfer fails.';

      for (const role of ['finance', 'compliance', 'editor'] as const) {
        const outsider = await createOperator(t, role);
        expect(
          (await adminCall(t, outsider.token, 'answerComplaint', { id: filed.id, answer })).code,
        ).toBe(RESULT_CODES.ADMIN_FORBIDDEN.code);
      }
      // A trader's session is no operator's.
      expect(
        (await adminCall(t, trader.token, 'answerComplaint', { id: filed.id, answer })).code,
      ).toBe(999);
      expect(
        (await adminCall(t, support, 'answerComplaint', { id: filed.id, answer: '   ' })).code,
      ).toBe(RESULT_CODES.INCOMPLETE.code);
      expect(
        (await adminCall(t, support, 'answerComplaint', { id: filed.id, answer: 'a'.repeat(2001) }))
          .code,
      ).toBe(RESULT_CODES.FIELD_TOO_LONG.code);
      expect((await mine(trader.token)).data[0]).toMatchObject({ answer: null, answered_at: null });

      t.clock.advance(60_000);
      const answered = await adminCall(t, support, 'answerComplaint', {
        id: filed.id,
        answer: `  ${answer} `,
      });
      expect(answered.code).toBe(1);
      expect(answered.data).toMatchObject({
        id: filed.id,
        status: 1,
        answer,
        answered_at: t.clock.now,
        // Answering a received complaint handles it, by the same operator at the same time.
        handled_at: t.clock.now,
      });
      expect(answered.data.answered_by).toMatch(/^support-/);
      expect(answered.data.handled_by).toBe(answered.data.answered_by);

      const [seen] = (await mine(trader.token)).data;
      expect(seen).toMatchObject({
        id: filed.id,
        status: 1,
        answer,
        // The wire's "YYYY-MM-DD HH:mm:ss" UTC.
        answered_at: new Date(t.clock.now).toISOString().slice(0, 19).replace('T', ' '),
      });
      // Another trader's list has neither the complaint nor its answer.
      const theirs = await mine(other.token);
      expect(theirs).toEqual({ data: [], total: 0 });
      expect(JSON.stringify(theirs)).not.toContain('network fee');

      // One answer: the trader has read it, it is not replaced.
      expect(
        (await adminCall(t, owner, 'answerComplaint', { id: filed.id, answer: 'Other' })).code,
      ).toBe(RESULT_CODES.COMPLAINT_ALREADY_ANSWERED.code);
      expect((await mine(trader.token)).data[0].answer).toBe(answer);
      expect(
        (await adminCall(t, owner, 'answerComplaint', { id: 999_999, answer: 'Hello' })).code,
      ).toBe(RESULT_CODES.COMPLAINT_NOT_FOUND.code);

      const audit = await adminCall(t, owner, 'audit', { action: 'complaint.answered' });
      expect(audit.data.data).toHaveLength(1);
      expect(audit.data.data[0]).toMatchObject({
        target_type: 'complaint',
        target_id: String(filed.id),
        role: 'support',
      });
      expect(JSON.parse(audit.data.data[0].after)).toMatchObject({
        status: 1,
        answered_at: t.clock.now,
      });
    },
  );

  it.skipIf(skip)('answers a complaint handled before, keeping who handled it', async () => {
    const trader = await registerTrader(t, 'handled-first@example.com');
    const filed = (await complain(trader.token, { subject: 'Later', message: valid.message })).data;
    const handledBy = await createOperator(t, 'support');
    const handled = await adminCall(t, handledBy.token, 'handleComplaint', { id: filed.id });
    t.clock.advance(30_000);
    const answered = await adminCall(t, owner, 'answerComplaint', {
      id: filed.id,
      answer: 'Sorted out on the phone, as agreed.',
    });
    expect(answered.code).toBe(1);
    expect(answered.data).toMatchObject({
      handled_at: handled.data.handled_at,
      handled_by: handledBy.email,
      answered_at: t.clock.now,
    });
    expect(answered.data.answered_by).toMatch(/^owner-/);
    expect((await mine(trader.token)).data[0].answer).toBe('Sorted out on the phone, as agreed.');
  });
});
