// Alerts that reach a closed app (issue 41): from the tick that crosses a price alert to its
// Web Push arriving at the push service — the watch's command and commit, the notice recorded
// in the same transaction, the bus, the outbox's claim, web-push's encryption and VAPID
// signature, HTTPS to a push service on 127.0.0.1 that decrypts it as a browser would.
// Goal: p99 ≤ 100 ms. Baseline of the same run: web-push alone to the same service (the part
// of the path no server of ours can shorten), so the ratio shows what the path adds.
import webpush from 'web-push';
import { startLocalPushService } from '../packages/server/src/testing/local-push-service.ts';
import { demoUser, startEurusdApp } from '../packages/server/src/testing/test-app.ts';
import { reportGoal } from './goals.ts';

const USERS = 20;
const ALERTS_PER_USER = 15;
const WARM_UP = 20;
const BASELINE_SENDS = 200;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function until(done: () => boolean, ms = 5_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) throw new Error('the push did not arrive in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const push = await startLocalPushService();
const { t, eurusd, quote } = await startEurusdApp('sqlite', {
  PUSH_SERVICE_ORIGINS: push.origin,
  PUSH_CA_FILE: push.caFile,
});
try {
  // Each trader with a phone, each with alerts a point apart above the bid 1.08500.
  const levels: number[] = [];
  for (let u = 0; u < USERS; u++) {
    const { token } = await demoUser(t, `bench-push-${u}`);
    const device = push.device(`bench-phone-${u}`);
    await t.call('POST', '/api/push/subscribe', device, { authorization: token });
    for (let k = 0; k < ALERTS_PER_USER; k++) {
      const level = 108_510 + (k * USERS + u) * 2;
      levels.push(level);
      const created = await t.call(
        'POST',
        '/api/alerts/create',
        { forex_id: eurusd, side: 'bid', condition: 'above', price: (level / 100_000).toFixed(5) },
        { authorization: token },
      );
      if (created.code !== 1) throw new Error(`alert refused: ${created.msg}`);
    }
  }
  levels.sort((a, b) => a - b);

  // One crossing at a time: the bid steps onto the next level, crossing exactly one alert.
  const latencies: number[] = [];
  for (const [i, level] of levels.entries()) {
    const before = push.received.length;
    t.clock.advance(100);
    const at = performance.now();
    quote(level);
    await until(() => push.received.length > before);
    if (i >= WARM_UP) latencies.push(push.received[before]!.receivedAt - at);
  }
  if (push.errors.length > 0) throw new Error(`push errors: ${push.errors.join(', ')}`);

  // The baseline: web-push alone, to one device of the same service, one send at a time.
  const keys = webpush.generateVAPIDKeys();
  const device = push.device('bench-baseline');
  const agent = new (await import('node:https')).Agent({
    keepAlive: true,
    ca: (await import('node:fs')).readFileSync(push.caFile, 'utf8'),
  });
  const direct: number[] = [];
  for (let i = 0; i < BASELINE_SENDS + WARM_UP; i++) {
    const at = performance.now();
    await webpush.sendNotification(device, JSON.stringify({ title: 'x', body: 'y' }), {
      vapidDetails: { subject: 'mailto:bench@example.com', ...keys },
      agent,
      TTL: 60,
    });
    if (i >= WARM_UP) direct.push(performance.now() - at);
  }

  const p50 = percentile(latencies, 0.5);
  const p99 = percentile(latencies, 0.99);
  const base = percentile(direct, 0.5);
  console.info(
    `\nAlert to push: ${latencies.length} crossings (${USERS} traders, ${ALERTS_PER_USER} alerts each, after ${WARM_UP} warm-up), SQLite FULL`,
  );
  console.info('                          p50 ms   p99 ms');
  console.info(
    `tick → push received    ${p50.toFixed(2).padStart(8)} ${p99.toFixed(2).padStart(8)}`,
  );
  console.info(
    `web-push alone           ${base.toFixed(2).padStart(8)} ${percentile(direct, 0.99).toFixed(2).padStart(8)}`,
  );
  console.info(`p50 over web-push alone: ${(p50 / base).toFixed(2)}×`);
  const goal = reportGoal(
    'alert-push',
    'crossing → push received, p99',
    p99,
    { atMost: 100 },
    'ms',
  );
  console.info(`goal p99 ≤ 100 ms: ${goal.passed ? 'met' : 'NOT met'} (${p99.toFixed(2)} ms)`);
} finally {
  await t.close();
  await push.close();
}
