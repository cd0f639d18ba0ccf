import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { skipRedis, TEST_REDIS_URL } from '../../testing/redis.ts';
import { startTestApp } from '../../testing/test-app.ts';
import { startTestNodes } from '../../testing/test-nodes.ts';

const postgres = DIALECTS.find((d) => d.name === 'postgres')!;

/**
 * Limits that hold on one node must hold when the attempts are spread over several (issue 9,
 * item 7): two nodes on one PostgreSQL database count in one Redis (REDIS_URL).
 */
describe.skipIf(postgres.skip || skipRedis)('limits across two nodes sharing Redis', () => {
  let cluster: Awaited<ReturnType<typeof startTestNodes>>;
  beforeAll(async () => {
    cluster = await startTestNodes(2, { redisLimits: true });
  });
  afterAll(async () => {
    await cluster?.close();
  });

  const nodeFor = (i: number) => cluster.nodes[i % 2]!;

  it('checks three of 60 wrong passwords for one account spread over both nodes', async () => {
    const email = 'spread@example.com';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        nodeFor(i).call('POST', '/api/user/loginForU', { account: email, password: 'wrong' }),
      ),
    );
    // No such account: failures count against the name exactly as against an account.
    expect(answers.filter((a) => a.code === 1014)).toHaveLength(3);
    expect(answers.every((a) => [1014, 1015, 1024].includes(a.code))).toBe(true);
  });

  it('creates 20 demo accounts an hour per address over both nodes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        nodeFor(i).call('GET', '/api/user/createAccountDemoForU', {
          demo_id: `spread-device-${String(i).padStart(4, '0')}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(20);
    expect(answers.filter((a) => a.code === 1015)).toHaveLength(80);
  });

  it('sends 20 codes an hour per address over both nodes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        nodeFor(i).call('POST', '/api/notify/send_email', { to: `n${i}@example.com`, type: 1 }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(20);
    const rows = await cluster.db.selectFrom('verification_codes').select('id').execute();
    expect(rows).toHaveLength(20);
  });

  it('counts in Redis when configured by REDIS_URL alone', async () => {
    const apps = await Promise.all([
      startTestApp('sqlite', { REDIS_URL: TEST_REDIS_URL }),
      startTestApp('sqlite', { REDIS_URL: TEST_REDIS_URL }),
    ]);
    try {
      // An address no other run has used: these counters live an hour in the shared Redis.
      const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
      const answers = await Promise.all(
        Array.from({ length: 70 }, async (_, i) => {
          const response = await apps[i % 2]!.app.inject({
            method: 'GET',
            url: '/api/captcha',
            remoteAddress: ip,
          });
          return response.json().code as number;
        }),
      );
      expect(answers.filter((code) => code === 1)).toHaveLength(60);
      expect(answers.filter((code) => code === 1015)).toHaveLength(10);
    } finally {
      for (const t of apps) await t.close();
    }
  });
});
