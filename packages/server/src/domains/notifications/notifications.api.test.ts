import { DEFAULT_NOTICE_CHOICES } from '@tradedesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { fund } from '../../testing/funding.ts';
import { type LocalPushService, startLocalPushService } from '../../testing/local-push-service.ts';
import {
  demoUser,
  logInAs,
  registerByEmail,
  startEurusdApp,
  submitPayload,
  type TestApp,
} from '../../testing/test-app.ts';

// Issue 41: notifications that reach a closed app. A push service runs on 127.0.0.1; the
// server encrypts for each device with the real `web-push`, the test decrypts as the browser
// would and checks the VAPID signature. EURUSD is quoted 1.08500 / 1.08508.
describe.each(DIALECTS)('Web Push notifications on $name', ({ name, skip }) => {
  let t: TestApp;
  let eurusd: number;
  let quote: (bid: number, ask?: number) => void;
  let push: LocalPushService;
  let token: string;
  let userId: number;

  const call = (
    method: 'GET' | 'POST',
    path: string,
    body: Record<string, unknown> = {},
    as = token,
  ) => t.call(method, path, body, { authorization: as });
  const subscribe = (device: Record<string, unknown>, as = token) =>
    call('POST', '/api/push/subscribe', device, as);
  const settings = async () => (await call('GET', '/api/notifications/settings')).data;
  const alertAbove = (price: string) =>
    call('POST', '/api/alerts/create', {
      forex_id: eurusd,
      side: 'bid',
      condition: 'above',
      price,
      note: 'breakout',
    });
  async function moveMarket(bid: number) {
    t.clock.advance(1000);
    quote(bid);
    await t.alerts!.watch.idle();
  }
  const outboxRows = () =>
    t.store.db
      .selectFrom('notice_outbox')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  beforeEach(async () => {
    if (skip) return;
    push = await startLocalPushService();
    ({ t, eurusd, quote } = await startEurusdApp(name, {
      PUSH_SERVICE_ORIGINS: push.origin,
      PUSH_CA_FILE: push.caFile,
    }));
    const demo = await demoUser(t, 'push-trader-1');
    token = demo.token;
    userId = demo.user.id;
  });
  afterEach(async () => {
    if (skip) return;
    await t.close();
    await push.close();
  });

  it.skipIf(skip)('pushes a price alert once to each device, encrypted and signed', async () => {
    const key = (await call('GET', '/api/push/key')).data.public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65); // an uncompressed P-256 point
    expect((await subscribe(push.device('phone'))).data.push_devices).toBe(1);
    expect((await subscribe(push.device('laptop'))).data.push_devices).toBe(2);
    const alert = (await alertAbove('1.09000')).data;

    await moveMarket(109_000);
    await vi.waitFor(() => expect(push.received).toHaveLength(2), { timeout: 5_000 });
    expect(push.errors).toEqual([]);
    for (const received of push.received) {
      expect(received.message).toEqual({
        title: 'EURUSD reached 1.09000',
        body: 'EURUSD is at 1.09000, at or above your alert at 1.09000. breakout',
        url: '/mine/alerts',
        tag: `alert:${alert.id}:1:push`,
        kind: 'price',
      });
      // Signed with the key the browsers subscribed with, for this push service, for a while.
      expect(received.vapid.publicKey).toBe(key);
      expect(received.vapid.aud).toBe(push.origin);
      expect(received.vapid.sub).toBe('mailto:no-reply@tradedesk.local');
      expect(received.vapid.exp * 1000).toBeGreaterThan(Date.now());
      expect(received.headers).toMatchObject({
        ttl: '3600',
        urgency: 'high',
        'content-encoding': 'aes128gcm',
      });
    }
    expect(push.received.map((r) => r.device).sort()).toEqual(['laptop', 'phone']);

    // Exactly once: the row is sent; a poll of the outbox sends nothing again.
    await vi.waitFor(async () => expect((await outboxRows())[0]?.sent_at).not.toBeNull());
    const [row] = await outboxRows();
    expect(row).toMatchObject({ channel: 'push', kind: 'alert_above' });
    expect(Number(row!.attempts)).toBe(1);
    t.clock.advance(60 * 60_000);
    await t.deliverNotices();
    expect(push.received).toHaveLength(2);
  });

  it.skipIf(skip)(
    'pushes a margin call at once: short-lived, urgent, the newer replacing the older',
    async () => {
      await subscribe(push.device('phone'));
      const opened = await call(
        'POST',
        '/v1/api/forex/submit',
        submitPayload(eurusd, { cont: '45' }),
      );
      expect(opened.code).toBe(1);
      // 45 lots at 1:100, 48 825 USD of margin: at the bid 1.07300 the level is 93.41 %.
      t.clock.advance(1000);
      quote(107_300);
      await t.trading!.idle();
      await t.trading!.checkMarginCalls();
      await vi.waitFor(() => expect(push.received).toHaveLength(1), { timeout: 5_000 });
      const [margin] = push.received;
      expect(margin?.headers).toMatchObject({ ttl: '600', urgency: 'high', topic: 'margin' });
      expect(margin?.message).toMatchObject({
        title: 'Margin call: margin level 93.41 %',
        url: '/order',
        tag: 'margin',
        kind: 'margin',
      });
      expect(margin?.message.body).toMatch(
        /^Your margin level fell to 93\.41 %\. If EURUSD reaches 1\.06828, .* A deposit of \d+\.\d\d USD ends the margin call/,
      );
    },
  );

  it.skipIf(skip)(
    'drops a device its service reports gone, and retries one that fails',
    async () => {
      await subscribe(push.device('phone'));
      await subscribe(push.device('old-tablet'));
      push.answer('old-tablet', 410);
      await alertAbove('1.09000');
      await moveMarket(109_000);
      await vi.waitFor(async () => expect((await settings()).push_devices).toBe(1), {
        timeout: 5_000,
      });
      expect(push.received.map((r) => r.device)).toEqual(['phone']);
      await vi.waitFor(async () => expect((await outboxRows())[0]?.sent_at).not.toBeNull());

      // A failing service: the notice waits for its back-off, then goes out once it answers.
      push.answer('phone', 500);
      await alertAbove('1.09500');
      await moveMarket(109_500);
      await vi.waitFor(async () => expect((await outboxRows())[1]?.last_error).toMatch(/500/), {
        timeout: 5_000,
      });
      const failed = (await outboxRows())[1]!;
      expect(failed.sent_at).toBeNull();
      expect(Number(failed.next_attempt_at)).toBe(t.clock.now + 10_000);
      push.answer('phone', 201);
      expect(await t.deliverNotices()).toBe(0); // not due yet
      t.clock.advance(10_000);
      expect(await t.deliverNotices()).toBe(1);
      expect(push.received).toHaveLength(2);
      expect(push.received[1]?.message.title).toBe('EURUSD reached 1.09500');
      const sent = (await outboxRows())[1]!;
      expect([Number(sent.attempts), sent.last_error]).toEqual([2, null]);
    },
  );

  it.skipIf(skip)('follows the trader’s choices and quiet hours, in their language', async () => {
    expect(await settings()).toEqual({
      kinds: DEFAULT_NOTICE_CHOICES,
      quiet_from: null,
      quiet_to: null,
      time_zone: 'UTC',
      push_devices: 0,
    });
    const phone = push.device('phone');
    await t.call('POST', '/api/push/subscribe', phone, { authorization: token, lang: 'de' });
    // The clock reads 12:00 UTC: 13:00 in Berlin, inside 12:30–14:00.
    const saved = await t.call(
      'POST',
      '/api/notifications/save',
      {
        kinds: DEFAULT_NOTICE_CHOICES,
        quiet_from: '12:30',
        quiet_to: '14:00',
        time_zone: 'Europe/Berlin',
      },
      { authorization: token, lang: 'de' },
    );
    expect(saved).toMatchObject({
      code: 1,
      data: { quiet_from: '12:30', quiet_to: '14:00', push_devices: 1 },
    });
    await alertAbove('1.09000');
    await moveMarket(109_000); // quiet: the app is told (the socket), the phone is not
    expect(await outboxRows()).toEqual([]);

    t.clock.advance(2 * 60 * 60_000); // 15:00 in Berlin
    await alertAbove('1.09500');
    await moveMarket(109_500);
    await vi.waitFor(() => expect(push.received).toHaveLength(1), { timeout: 5_000 });
    expect(push.received[0]?.message.title).toMatch(/EURUSD/);
    expect(push.received[0]?.message.title).not.toBe('EURUSD reached 1.09500'); // German

    // Price alerts by push turned off: nothing recorded; e-mail on, but a demo has no address.
    const kinds = { ...DEFAULT_NOTICE_CHOICES, price: { app: true, push: false, email: false } };
    await call('POST', '/api/notifications/save', { kinds, time_zone: 'Europe/Berlin' });
    expect((await settings()).kinds.price).toEqual({ app: true, push: false, email: false });
    expect((await settings()).quiet_from).toBeNull();
    await alertAbove('1.10000');
    await moveMarket(110_000);
    expect(await outboxRows()).toHaveLength(1);

    // Unsubscribed, the device is told nothing; the test button says there is no device.
    await call('POST', '/api/notifications/save', {
      kinds: DEFAULT_NOTICE_CHOICES,
      time_zone: 'UTC',
    });
    await call('POST', '/api/push/unsubscribe', { endpoint: phone.endpoint });
    expect(await call('POST', '/api/notifications/test')).toMatchObject({
      code: 1,
      data: { push_devices: 0 },
    });
    await alertAbove('1.10500');
    await moveMarket(110_500);
    expect(await outboxRows()).toHaveLength(1);
  });

  it.skipIf(skip)(
    'tells a deposit credited by push and by e-mail, as the trader chose',
    async () => {
      await registerByEmail(t, 'pushed-depositor@example.com');
      const real = await logInAs(t, 'pushed-depositor@example.com');
      await subscribe(push.device('phone'), real);
      await fund(t, real, '250');
      await vi.waitFor(() => expect(push.received).toHaveLength(1), { timeout: 5_000 });
      expect(push.received[0]?.message).toMatchObject({
        title: 'Your deposit has been credited',
        url: '/mine/wallet',
        kind: 'funding',
      });
      await t.deliverNotices();
      const mails = t.outbox().filter((line) => line.to === 'pushed-depositor@example.com');
      expect(mails.map((line) => (line as { kind?: string }).kind)).toContain('deposit_credited');
    },
  );

  it.skipIf(skip)('sends a test notification to the trader’s devices only', async () => {
    await subscribe(push.device('phone'));
    const other = await demoUser(t, 'push-trader-2');
    await subscribe(push.device('other-phone'), other.token);
    expect(await call('POST', '/api/notifications/test')).toMatchObject({
      code: 1,
      msg: 'Test notification sent',
      data: { push_devices: 1 },
    });
    expect(push.received).toHaveLength(1);
    expect(push.received[0]).toMatchObject({
      device: 'phone',
      message: { title: 'Notifications are on', url: '/mine/notifications', kind: 'test' },
      headers: { ttl: '60', urgency: 'normal' },
    });
    // A device is one browser: subscribing it for another account moves it there.
    const shared = push.device('shared');
    await subscribe(shared);
    expect((await subscribe(shared, other.token)).data.push_devices).toBe(2);
    expect((await settings()).push_devices).toBe(1);
    // Unsubscribing someone else's endpoint changes nothing.
    await call('POST', '/api/push/unsubscribe', { endpoint: shared.endpoint });
    expect(
      (await call('GET', '/api/notifications/settings', {}, other.token)).data.push_devices,
    ).toBe(2);
  });

  it.skipIf(skip)('refuses bad input in the envelope, storing nothing', async () => {
    const device = push.device('phone');
    const refusals: [string, Record<string, unknown>, number][] = [
      ['/api/push/subscribe', { ...device, endpoint: 'https://push.example.com/x' }, 2029],
      ['/api/push/subscribe', { ...device, endpoint: 'https://127.0.0.1:1/x' }, 2029],
      [
        '/api/push/subscribe',
        { ...device, keys: { p256dh: 'short', auth: device.keys.auth } },
        1000,
      ],
      ['/api/push/subscribe', { endpoint: device.endpoint }, 1001],
      [
        '/api/notifications/save',
        { kinds: DEFAULT_NOTICE_CHOICES, time_zone: 'Mars/Olympus' },
        1000,
      ],
      [
        '/api/notifications/save',
        { kinds: DEFAULT_NOTICE_CHOICES, time_zone: 'UTC', quiet_from: '22:00' },
        1000,
      ],
      [
        '/api/notifications/save',
        { kinds: DEFAULT_NOTICE_CHOICES, time_zone: 'UTC', quiet_from: '24:00', quiet_to: '07:00' },
        1000,
      ],
      [
        '/api/notifications/save',
        { kinds: { price: DEFAULT_NOTICE_CHOICES.price }, time_zone: 'UTC' },
        1000,
      ],
    ];
    for (const [path, body, code] of refusals) {
      const answer = await call('POST', path, body);
      expect(answer.code, `${path} ${JSON.stringify(body)}`).toBe(code);
    }
    expect((await subscribe(device)).code).toBe(1);
    const refused = await t.call(
      'POST',
      '/api/push/subscribe',
      { ...device, endpoint: 'https://push.example.com/x' },
      { authorization: token, lang: 'de' },
    );
    expect(refused.msg).not.toBe("This device's push service is not one the server can reach");
    expect(await settings()).toMatchObject({ push_devices: 1, time_zone: 'UTC', quiet_from: null });
    // Visitors may not.
    expect((await t.call('POST', '/api/push/subscribe', device)).code).toBe(999);
    expect((await t.call('GET', '/api/push/key')).code).toBe(999);
  });
});
