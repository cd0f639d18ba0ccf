import { RESULT_CODES as code } from '@tradedesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../platform/rate-limit/rules.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  createOperator,
  registerTrader,
  type TestOperator,
} from '../../testing/operators.ts';
import { demoUser, startTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The built-in customer-service chat end to end through the real endpoints: a trader writes,
 * the support desk answers, unread counts on both sides move with the read markers, and a
 * trader only ever reaches their own conversation.
 */
describe.each(DIALECTS)('support chat on $name', ({ name, skip }) => {
  let t: TestApp;
  let desk: TestOperator;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    desk = await createOperator(t, 'support');
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const as = (token: string) => ({
    messages: (params: Record<string, unknown> = {}) =>
      t.call('GET', '/api/support/messages', params, { authorization: token }),
    send: (content: unknown) =>
      t.call('POST', '/api/support/send', { content }, { authorization: token }),
    read: (last_id: unknown) =>
      t.call('POST', '/api/support/read', { last_id }, { authorization: token }),
    unread: async () =>
      (await t.call('GET', '/api/support/unread', {}, { authorization: token })).data.unread,
  });
  const rowCount = async () => {
    const messages = await t.store.db.selectFrom('support_messages').selectAll().execute();
    const conversations = await t.store.db
      .selectFrom('support_conversations')
      .selectAll()
      .execute();
    return { messages: messages.length, conversations: conversations.length };
  };

  it.skipIf(skip)('carries a conversation both ways with unread counts on each side', async () => {
    const trader = await registerTrader(t, 'chat-1@example.com');
    const me = as(trader.token);
    expect((await me.messages()).data).toEqual({ data: [], has_more: false, unread: 0 });

    const first = await me.send('  Hello, my deposit has not arrived  ');
    expect(first).toMatchObject({ code: 1 });
    expect(first.data).toEqual({
      id: expect.any(Number),
      sender: 'trader',
      content: 'Hello, my deposit has not arrived',
      created_at: t.clock.now,
    });
    t.clock.advance(1000);
    const second = (await me.send('Reference 42')).data;

    const inbox = await adminCall(t, desk.token, 'supportInbox');
    expect(inbox.code).toBe(1);
    const row = inbox.data.data.find((r: { user_id: number }) => r.user_id === trader.id);
    // The desk names the trader by the public user number, as the users page does.
    const { uid } = await t.store.db
      .selectFrom('users')
      .select('uid')
      .where('id', '=', trader.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      user_id: trader.id,
      uid,
      account: 'chat-1@example.com',
      is_demo: false,
      last_message: second,
      unread: 2,
    });

    const thread = await adminCall(t, desk.token, 'supportThread', { id: trader.id });
    expect(thread.data).toMatchObject({ user_id: trader.id, uid, unread: 2, has_more: false });
    expect(thread.data.data.map((m: { id: number }) => m.id)).toEqual([first.data.id, second.id]);
    expect(
      (await adminCall(t, desk.token, 'supportRead', { id: trader.id, last_id: second.id })).data,
    ).toEqual({ unread: 0 });

    t.clock.advance(1000);
    const reply = await adminCall(t, desk.token, 'supportReply', {
      id: trader.id,
      content: 'We are checking <b>now</b>',
    });
    expect(reply.data).toEqual({
      id: expect.any(Number),
      sender: 'operator',
      content: 'We are checking <b>now</b>',
      created_at: t.clock.now,
      operator_email: desk.email,
    });
    const stored = await t.store.db
      .selectFrom('support_messages')
      .selectAll()
      .where('id', '=', reply.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.operator_id)).toBe(desk.id);

    // The trader sees the answer (without the operator's address) and one unread.
    expect(await me.unread()).toBe(1);
    const page = (await me.messages()).data;
    expect(page.unread).toBe(1);
    expect(page.data.at(-1)).toEqual({
      id: reply.data.id,
      sender: 'operator',
      content: 'We are checking <b>now</b>',
      created_at: t.clock.now,
    });
    // Reading an older message leaves the newer one unread; a marker never moves back.
    expect((await me.read(second.id)).data).toEqual({ unread: 1 });
    expect((await me.read(reply.data.id)).data).toEqual({ unread: 0 });
    expect((await me.read(first.data.id)).data).toEqual({ unread: 0 });
    // A read past the newest message marks nothing that does not exist yet as read.
    expect((await me.read(reply.data.id + 1000)).data).toEqual({ unread: 0 });
    await adminCall(t, desk.token, 'supportReply', { id: trader.id, content: 'Found it' });
    expect(await me.unread()).toBe(1);
  });

  it.skipIf(skip)('pages older messages with `before`, oldest first within a page', async () => {
    const trader = await registerTrader(t, 'chat-pages@example.com');
    const me = as(trader.token);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      t.clock.advance(61_000);
      ids.push((await me.send(`message ${i}`)).data.id);
    }
    const newest = (await me.messages({ limit: 3 })).data;
    expect(newest.data.map((m: { id: number }) => m.id)).toEqual(ids.slice(4));
    expect(newest.has_more).toBe(true);
    const older = (await me.messages({ limit: 3, before: ids[4] })).data;
    expect(older.data.map((m: { id: number }) => m.id)).toEqual(ids.slice(1, 4));
    const oldest = (await me.messages({ limit: 3, before: ids[1] })).data;
    expect(oldest).toMatchObject({ has_more: false });
    expect(oldest.data.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
  });

  it.skipIf(skip)('never shows a trader another trader’s conversation', async () => {
    const alice = await registerTrader(t, 'chat-alice@example.com');
    const bob = await registerTrader(t, 'chat-bob@example.com');
    await as(alice.token).send('alice secret');
    const reply = await adminCall(t, desk.token, 'supportReply', {
      id: alice.id,
      content: 'for alice',
    });
    const bobView = (await as(bob.token).messages()).data;
    expect(bobView).toEqual({ data: [], has_more: false, unread: 0 });
    // Bob marking Alice's message ids read moves nothing of Alice's.
    expect((await as(bob.token).read(reply.data.id)).data).toEqual({ unread: 0 });
    expect(await as(alice.token).unread()).toBe(1);
    // The conversation is the caller's own: a user_id parameter is not read.
    const sneaky = await t.call(
      'GET',
      '/api/support/messages',
      { user_id: alice.id },
      { authorization: bob.token },
    );
    expect(sneaky.data.data).toEqual([]);
  });

  it.skipIf(skip)('lets demo accounts chat, and refuses visitors', async () => {
    const { user, token } = await demoUser(t, 'chat-demo-device');
    expect((await as(token).send('demo question')).code).toBe(1);
    const inbox = await adminCall(t, desk.token, 'supportInbox');
    expect(inbox.data.data[0]).toMatchObject({ user_id: user.id, is_demo: true });
    for (const call of [
      t.call('GET', '/api/support/messages'),
      t.call('POST', '/api/support/send', { content: 'x' }),
      t.call('POST', '/api/support/read', { last_id: 1 }),
      t.call('GET', '/api/support/unread'),
    ])
      expect((await call).code).toBe(code.INVALID_SESSION.code);
  });

  it.skipIf(skip)('refuses bad messages and changes nothing', async () => {
    const trader = await registerTrader(t, 'chat-bad@example.com');
    const me = as(trader.token);
    const before = await rowCount();
    expect((await me.send('')).code).toBe(code.INCOMPLETE.code);
    expect((await me.send('   ')).code).toBe(code.INCOMPLETE.code);
    expect((await me.send('x'.repeat(1001))).code).toBe(code.FIELD_TOO_LONG.code);
    // Nothing but control and bidi-override characters: empty once cleaned.
    const empty = await me.send('\u0007\u202e\u001f');
    expect(empty).toMatchObject({
      code: code.CHAT_MESSAGE_EMPTY.code,
      msg: 'The message is empty',
    });
    // A NUL is refused before any cleaning, as in every text field of the API.
    expect((await me.send('hi\u0000')).code).toBe(code.BAD_REQUEST.code);
    expect((await me.read('abc')).code).toBe(code.INVALID_NUMBER.code);
    expect(
      (
        await t.call(
          'POST',
          '/api/support/send',
          { content: 'hi' },
          { authorization: trader.token, lang: 'hk' },
        )
      ).code,
    ).toBe(1);
    expect(await rowCount()).toEqual({
      messages: before.messages + 1,
      conversations: before.conversations + 1,
    });
    // What is kept is the text as typed, less the characters that would act on its display.
    const cleaned = await me.send('a\u202eb\r\n\r\n\r\n\r\nc\u0007 <script>x</script>');
    expect(cleaned.data.content).toBe('ab\n\nc <script>x</script>');
    expect((await me.send('x'.repeat(1000))).code).toBe(1);
  });

  it.skipIf(skip)('limits how fast a trader writes', async () => {
    const trader = await registerTrader(t, 'chat-fast@example.com');
    const me = as(trader.token);
    const { limit, windowMs } = RATE_LIMITS.chatMessagesPerUser;
    for (let i = 0; i < limit; i++) expect((await me.send(`m${i}`)).code).toBe(1);
    const refused = await me.send('one too many');
    expect(refused.code).toBe(code.RATE_LIMITED.code);
    expect((await me.messages({ limit: 50 })).data.data).toHaveLength(limit);
    // Another trader is not slowed by this one.
    const other = await registerTrader(t, 'chat-other@example.com');
    expect((await as(other.token).send('hello')).code).toBe(1);
    t.clock.advance(windowMs + 1);
    expect((await me.send('later')).code).toBe(1);
  });

  it.skipIf(skip)(
    'answers the desk by role, and never about a trader who does not exist',
    async () => {
      const trader = await registerTrader(t, 'chat-roles@example.com');
      await as(trader.token).send('who can read this?');
      const owner = await createOperator(t, 'owner');
      expect((await adminCall(t, owner.token, 'supportInbox')).code).toBe(1);
      for (const role of ['finance', 'compliance', 'editor'] as const) {
        const other = await createOperator(t, role);
        for (const [call, params] of [
          ['supportInbox', {}],
          ['supportThread', { id: trader.id }],
          ['supportReply', { id: trader.id, content: 'no' }],
          ['supportRead', { id: trader.id, last_id: 1 }],
        ] as const)
          expect((await adminCall(t, other.token, call, params)).code).toBe(
            code.ADMIN_FORBIDDEN.code,
          );
      }
      // A trader's own session is not an operator's.
      expect((await adminCall(t, trader.token, 'supportInbox')).code).toBe(
        code.INVALID_SESSION.code,
      );

      const before = await rowCount();
      const missing = 999_999;
      for (const [call, params] of [
        ['supportThread', { id: missing }],
        ['supportReply', { id: missing, content: 'hello?' }],
        ['supportRead', { id: missing, last_id: 1 }],
      ] as const)
        expect((await adminCall(t, desk.token, call, params)).code).toBe(
          code.CHAT_TRADER_NOT_FOUND.code,
        );
      expect(
        (await adminCall(t, desk.token, 'supportReply', { id: trader.id, content: ' ' })).code,
      ).toBe(code.INCOMPLETE.code);
      expect(await rowCount()).toEqual(before);
    },
  );

  it.skipIf(skip)('lists conversations by last activity with the desk’s unread total', async () => {
    const a = await registerTrader(t, 'chat-order-a@example.com');
    const b = await registerTrader(t, 'chat-order-b@example.com');
    t.clock.advance(120_000);
    await as(a.token).send('a first');
    t.clock.advance(1000);
    await as(b.token).send('b second');
    let rows = (await adminCall(t, desk.token, 'supportInbox')).data.data;
    expect(rows.slice(0, 2).map((r: { user_id: number }) => r.user_id)).toEqual([b.id, a.id]);
    t.clock.advance(1000);
    await adminCall(t, desk.token, 'supportReply', { id: a.id, content: 'answer to a' });
    const inbox = (await adminCall(t, desk.token, 'supportInbox')).data;
    rows = inbox.data;
    expect(rows.slice(0, 2).map((r: { user_id: number }) => r.user_id)).toEqual([a.id, b.id]);
    // Replying counts as the desk having read the conversation up to its reply.
    expect(rows[0].unread).toBe(0);
    expect(rows[1].unread).toBe(1);
    const sum = rows.reduce((s: number, r: { unread: number }) => s + r.unread, 0);
    expect(inbox.unread).toBe(sum);
    expect(inbox.total).toBeGreaterThanOrEqual(2);
  });
});
