import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { createOperator, registerTrader } from '../../testing/operators.ts';
import { demoUser, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { testImage, uploadImage } from '../../testing/uploads.ts';

/**
 * Real-name verification end to end through the real endpoints: 0 → 1 on submit → 0 with the
 * reason on rejection → 1 again → 2 on approval (SPEC.md §3 Identity, DECISIONS.md).
 */
describe.each(DIALECTS)('identity verification on $name', ({ name, skip }) => {
  let t: TestApp;
  let reviewer: string;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    reviewer = (await createOperator(t, 'compliance')).token;
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const trader = (email: string) => registerTrader(t, email);
  const pictures = async (token: string) => ({
    front_pic: (await uploadImage(t.app, token, await testImage('jpeg'))).data.url as string,
    reverse_pic: (await uploadImage(t.app, token, await testImage('png'))).data.url as string,
  });
  const center = async (token: string) =>
    (await t.call('GET', '/api/user_real/center', {}, { authorization: token })).data;
  const submit = (token: string, params: Record<string, unknown>) =>
    t.call('POST', '/api/user_real/real_name', params, { authorization: token });
  const admin = (path: string, params: Record<string, unknown> = {}) =>
    t.call('POST', path, params, { authorization: reviewer });
  const notices = (to: string) =>
    (t.outbox() as unknown as { to: string; kind?: string; body?: string }[]).filter(
      (line) => line.to === to && line.kind,
    );

  it.skipIf(skip)('walks submit, rejection with a reason, resubmission and approval', async () => {
    const { token, id } = await trader('kyc@example.com');
    expect(await center(token)).toEqual({
      review_status: 0,
      name: '',
      card_id: '',
      front_pic: '',
      reverse_pic: '',
      reason: '',
    });

    const first = await pictures(token);
    const submitted = await submit(token, { name: 'Chan Tai Man', card_id: 'A1234567', ...first });
    expect(submitted.code).toBe(1);
    expect(submitted.data).toMatchObject({ review_status: 1, name: 'Chan Tai Man', ...first });
    expect(
      (await submit(token, { name: 'Again', card_id: 'B1', ...(await pictures(token)) })).code,
    ).toBe(3005);

    // In the queue, oldest first; the reviewer reads both images.
    const queue = await t.call('GET', '/admin/api/identities', {}, { authorization: reviewer });
    expect(queue.data.data.map((row: { user_id: number }) => row.user_id)).toContain(id);
    for (const url of Object.values(first)) {
      const image = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: reviewer },
      });
      expect(image.statusCode).toBe(200);
    }

    expect((await admin(`/admin/api/identities/${id}/reject`, { reason: '' })).code).toBe(1001);
    const rejected = await admin(`/admin/api/identities/${id}/reject`, {
      reason: 'The photo of the back is blurred',
    });
    expect(rejected.code).toBe(1);
    expect(await center(token)).toMatchObject({
      review_status: 0,
      reason: 'The photo of the back is blurred',
      name: 'Chan Tai Man',
    });
    expect(notices('kyc@example.com').at(-1)).toMatchObject({ kind: 'identity_rejected' });
    expect(notices('kyc@example.com').at(-1)?.body).toContain('The photo of the back is blurred');
    // A decision twice: the second finds nothing waiting.
    expect((await admin(`/admin/api/identities/${id}/approve`)).code).toBe(4007);

    const second = await pictures(token);
    expect(
      (await submit(token, { name: 'Chan Tai Man', card_id: 'A1234567', ...second })).code,
    ).toBe(1);
    expect(await center(token)).toMatchObject({ review_status: 1, reason: '', ...second });
    expect((await admin(`/admin/api/identities/${id}/approve`)).code).toBe(1);
    expect(await center(token)).toMatchObject({ review_status: 2, name: 'Chan Tai Man' });
    expect(notices('kyc@example.com').at(-1)).toMatchObject({ kind: 'identity_approved' });
    expect(
      (await submit(token, { name: 'X', card_id: 'Y', ...(await pictures(token)) })).code,
    ).toBe(3006);
    expect((await admin(`/admin/api/identities/${id}/reject`, { reason: 'late' })).code).toBe(4007);
    expect(await center(token)).toMatchObject({ review_status: 2 });
  });

  it.skipIf(skip)(
    'refuses incomplete forms and pictures that are not the trader’s own',
    async () => {
      const { token } = await trader('forms@example.com');
      const other = await trader('other@example.com');
      const mine = await pictures(token);
      const theirs = await pictures(other.token);
      expect((await submit(token, { name: ' ', card_id: 'A1', ...mine })).code).toBe(1001);
      expect((await submit(token, { name: 'N', card_id: '', ...mine })).code).toBe(1001);
      expect(
        (await submit(token, { name: 'N', card_id: 'A1', front_pic: mine.front_pic })).code,
      ).toBe(1001);
      expect(
        (
          await submit(token, {
            name: 'N',
            card_id: 'A1',
            front_pic: mine.front_pic,
            reverse_pic: theirs.reverse_pic,
          })
        ).code,
      ).toBe(3004);
      expect(
        (
          await submit(token, {
            name: 'N',
            card_id: 'A1',
            front_pic: mine.front_pic,
            reverse_pic: mine.front_pic,
          })
        ).code,
      ).toBe(3004);
      expect(
        (
          await submit(token, {
            name: 'N',
            card_id: 'A1',
            front_pic: 'https://evil.example/x.jpg',
            reverse_pic: mine.reverse_pic,
          })
        ).code,
      ).toBe(3004);
      expect((await center(token)).review_status).toBe(0);
      // Nothing was claimed by the refused submissions: the sweeper may still take them.
      const claimed = await t.store.db
        .selectFrom('uploads')
        .select('name')
        .where('referenced_at', 'is not', null)
        .where(
          'name',
          'in',
          [...Object.values(mine), ...Object.values(theirs)].map((u) => u.split('/').pop()!),
        )
        .execute();
      expect(claimed).toEqual([]);
    },
  );

  it.skipIf(skip)('refuses demo accounts and visitors', async () => {
    const { token } = await demoUser(t, 'identity-demo-device');
    expect((await t.call('GET', '/api/user_real/center', {}, { authorization: token })).code).toBe(
      1016,
    );
    expect(
      (await submit(token, { name: 'N', card_id: 'A1', front_pic: 'x', reverse_pic: 'y' })).code,
    ).toBe(1016);
    expect((await t.call('GET', '/api/user_real/center')).code).toBe(999);
  });

  it.skipIf(skip)('lets one of two racing submissions through', async () => {
    const { token } = await trader('race-kyc@example.com');
    const forms = await Promise.all(Array.from({ length: 6 }, () => pictures(token)));
    const answers = await Promise.all(
      forms.map((pics) => submit(token, { name: 'Racer', card_id: 'R1', ...pics })),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 3005)).toHaveLength(5);
  });
});
