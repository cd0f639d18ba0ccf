import { ENDPOINTS } from '@tradedesk/contract';
import { ADMIN_ENDPOINTS } from '@tradedesk/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing/dialects.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

describe.each(DIALECTS)('the envelope and parameters on $name', ({ name, skip }) => {
  let t: TestApp;
  beforeAll(async () => {
    if (!skip) t = await startTestApp(name);
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it.skipIf(skip)(
    'accepts JSON, form-urlencoded and query parameters alike, and tolerates t',
    async () => {
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/notify/send_email?t=1700000000000',
        headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
        payload: 'to=form%40example.com&type=1',
      });
      expect(form.json()).toMatchObject({ code: 1 });
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/notify/send_email',
        headers: { lang: 'en' },
        payload: { to: 'json@example.com', type: 1 },
      });
      expect(json.json()).toMatchObject({ code: 1 });
      const query = await t.app.inject({
        method: 'POST',
        url: '/api/notify/send_email?to=query%40example.com&type=1&t=5',
        headers: { lang: 'en' },
      });
      expect(query.json()).toMatchObject({ code: 1 });
      expect(t.outbox().map((l) => l.to)).toEqual([
        'form@example.com',
        'json@example.com',
        'query@example.com',
      ]);
    },
  );

  it.skipIf(skip)('answers an empty JSON body and a malformed one in the envelope', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.json()).toMatchObject({ code: 999 });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/user/loginForU',
      headers: { 'content-type': 'application/json', lang: 'en' },
      payload: '{"account":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 1000, data: null });
  });

  it.skipIf(skip)('translates msg by the lang header, with tw and ko as aliases', async () => {
    const ask = (lang: string) => t.call('GET', '/api/user/info', {}, { lang });
    expect((await ask('en')).msg).toBe('Your session has expired, please log in again');
    expect((await ask('tw')).msg).toBe((await ask('hk')).msg);
    expect((await ask('ko')).msg).toBe((await ask('kr')).msg);
    expect((await ask('xx')).msg).toBe((await ask('hk')).msg);
    expect((await ask('ar')).msg).not.toBe((await ask('en')).msg);
  });

  it.skipIf(skip)('answers unknown paths with a 404 envelope', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/nothing/here',
      headers: { lang: 'en' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: 'Not found', data: null });
  });

  it.skipIf(skip)('reports health with the database in use', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toEqual({ code: 1, msg: 'ok', data: { status: 'ok', database: name } });
  });

  it.skipIf(skip)('serves an OpenAPI document of every contract endpoint at /docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/loginForU',
        '/api/user/register',
        '/api/default/area_list',
      ]),
    );
    expect(doc.paths['/api/user/createAccountDemoForU'].get.parameters).toEqual([
      expect.objectContaining({ name: 'demo_id', in: 'query', required: true }),
    ]);
    expect(doc.paths['/v1/api/forex/submit'].post.parameters).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
    // Every call of the contract, the operators' too, with `:id` as a path parameter.
    for (const endpoint of [...Object.values(ENDPOINTS), ...Object.values(ADMIN_ENDPOINTS)]) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[endpoint.method.toLowerCase()], path).toBeDefined();
    }
    const approve = doc.paths['/admin/api/withdrawals/{id}/approve'].post;
    expect(approve.description).toBe('Access: operator with role owner or finance.');
    expect(approve.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    expect(approve.security).toEqual([{ operatorToken: [] }]);
    expect(doc.paths['/api/account/draw'].post.parameters).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it.skipIf(skip)('sets protective headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
