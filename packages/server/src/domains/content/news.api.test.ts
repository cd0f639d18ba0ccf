import { LANGUAGES, RESULT_CODES } from '@tradedesk/contract';
import { ADMIN_ROUTES } from '@tradedesk/contract/admin';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toInt } from '../../platform/db/columns.ts';
import { DIALECTS } from '../../testing/dialects.ts';
import {
  adminCall,
  auditRowsAfter,
  createOperator,
  lastAuditId,
  registerTrader,
} from '../../testing/operators.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { multipartBody, testImage, uploadImage } from '../../testing/uploads.ts';

const NOT_FOUND = RESULT_CODES.NEWS_NOT_FOUND.code;

/**
 * News and announcements through the real endpoints: what visitors and traders read (published
 * only, pinned first then newest, in their language with the en → hk fallback), and what the
 * editor does (drafts, texts per language sanitized when written, publish, pin, public covers),
 * each write audited; other roles and traders are refused.
 */
describe.each(DIALECTS)('news and announcements on $name', ({ name, skip }) => {
  let t: TestApp;
  let editor: string;

  beforeAll(async () => {
    if (skip) return;
    t = await startTestApp(name);
    editor = (await createOperator(t, 'editor')).token;
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  const list = (category_id: unknown, lang = 'en', page: unknown = 1) =>
    t.call('GET', '/api/news/list', { category_id, page }, { lang });
  const info = (id: unknown, lang = 'en') => t.call('GET', '/api/news/info', { id }, { lang });
  const save = (params: Record<string, unknown>, token = editor) =>
    adminCall(t, token, 'saveNews', params);
  const publish = (id: number, published = 1) =>
    adminCall(t, editor, 'publishNews', { id, published });
  const articleCount = async () =>
    toInt(
      (
        await t.store.db
          .selectFrom('news_articles')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n as number,
    );
  /** A published article of the news category with an English text titled `title`. */
  const publishedNews = async (title: string, extra: Record<string, unknown> = {}) => {
    const saved = await save({
      category_id: 1,
      texts: { en: { title, desc: `${title} summary`, content: `<p>${title}</p>` } },
      ...extra,
    });
    expect(saved.code).toBe(1);
    expect((await publish(saved.data.id)).code).toBe(1);
    return saved.data.id as number;
  };

  it.skipIf(skip)(
    'lets visitors read the seeded announcement, pinned first, in 15 languages',
    async () => {
      const en = await list(2, 'en');
      expect(en.code).toBe(1);
      expect(en.data.total).toBe(3);
      const first = en.data.data[0];
      expect(first).toMatchObject({ pinned: 1, category_id: 2, lang: 'en' });
      expect(first.title).toContain('North Korea');
      expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(first.logo).toMatch(/^\/api\/news\/image\/news-seed-[a-z-]+\.png$/);
      // The others follow newest first.
      const rest = en.data.data.slice(1).map((r: { created_at: string }) => r.created_at);
      expect(rest).toEqual([...rest].sort().reverse());

      const detail = await info(first.id, 'ar');
      expect(detail.code).toBe(1);
      expect(detail.data.lang).toBe('ar');
      expect(detail.data.title).toContain('كوريا الشمالية');
      expect(detail.data.content).toMatch(/^<p>/);
      const hk = await info(first.id, 'tw');
      expect(hk.data.lang).toBe('hk');
      expect(hk.data.title).toContain('北韓');
      for (const lang of LANGUAGES) {
        const answer = await list(1, lang);
        expect(answer.data.total).toBe(3);
        expect(answer.data.data.every((r: { lang: string }) => r.lang === lang)).toBe(true);
      }
      // The seeded cover is public and cached.
      const cover = await t.app.inject({ method: 'GET', url: first.logo });
      expect(cover.statusCode).toBe(200);
      expect(cover.headers['content-type']).toBe('image/png');
      expect(cover.headers['cache-control']).toContain('public');
    },
  );

  it.skipIf(skip)('seeds once, even when several nodes start together', async () => {
    const before = await articleCount();
    const { seedNews } = await import('./seed-news.ts');
    const { createNewsImages } = await import('./news-images.ts');
    const { createLocalStorage } = await import('../../platform/storage/local-storage.ts');
    const { createTransact } = await import('../../platform/db/transaction-scope.ts');
    const images = createNewsImages({
      transact: createTransact(t.store.db),
      storage: createLocalStorage(`${t.dataDir}/uploads`),
      imageWork: t.imageWork,
      now: () => t.clock.now,
    });
    await Promise.all(
      [1, 2, 3].map(() => seedNews({ db: t.store.db, images, now: () => t.clock.now })),
    );
    expect(await articleCount()).toBe(before);
    const texts = await t.store.db
      .selectFrom('news_texts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(toInt(texts.n as number)).toBeGreaterThanOrEqual(6 * 15);
  });

  it.skipIf(skip)('hides drafts from traders and falls back asked → en → hk', async () => {
    const before = await list(1);
    const saved = await save({
      category_id: 1,
      texts: { fr: { title: 'Brouillon', desc: 'Résumé', content: '<p>Texte</p>' } },
    });
    expect(saved.code).toBe(1);
    expect(saved.data).toMatchObject({ status: 0, pinned: 0, languages: ['fr'] });
    const id = saved.data.id as number;
    expect((await info(id, 'fr')).code).toBe(NOT_FOUND);
    expect((await list(1)).data.total).toBe(before.data.total);
    // No English or hk text: some readers would get nothing.
    expect((await publish(id)).code).toBe(RESULT_CODES.NEWS_FALLBACK_MISSING.code);

    const edited = await save({
      id,
      category_id: 1,
      texts: {
        fr: { title: 'Titre', desc: 'Résumé', content: '<p>Texte</p>' },
        hk: { title: '標題', desc: '摘要', content: '<p>內容</p>' },
      },
    });
    expect(edited.data.languages.sort()).toEqual(['fr', 'hk']);
    expect((await publish(id)).data).toMatchObject({ status: 1 });
    expect((await info(id, 'fr')).data).toMatchObject({ lang: 'fr', title: 'Titre' });
    // No German and no English: hk.
    expect((await info(id, 'de')).data).toMatchObject({ lang: 'hk', title: '標題' });
    await save({
      id,
      category_id: 1,
      texts: {
        fr: { title: 'Titre', content: '' },
        hk: { title: '標題' },
        en: { title: 'Title' },
      },
    });
    expect((await info(id, 'de')).data).toMatchObject({ lang: 'en', title: 'Title' });
    // A published article cannot lose its last fallback text.
    const refused = await save({ id, category_id: 1, texts: { fr: { title: 'Titre' } } });
    expect(refused.code).toBe(RESULT_CODES.NEWS_FALLBACK_MISSING.code);
    expect((await info(id, 'de')).data.lang).toBe('en');

    expect((await publish(id, 0)).data).toMatchObject({ status: 0 });
    expect((await info(id)).code).toBe(NOT_FOUND);
    expect((await list(1)).data.data.some((r: { id: number }) => r.id === id)).toBe(false);
  });

  it.skipIf(skip)('orders pinned first, then newest, and pages', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      t.clock.advance(60_000);
      ids.push(await publishedNews(`Paged ${i}`));
    }
    const first = await list(1);
    expect(first.data.data).toHaveLength(10);
    expect(first.data.data[0].title).toBe('Paged 11');
    expect(first.data.data[9].title).toBe('Paged 2');
    const total = first.data.total as number;
    const second = await list(1, 'en', 2);
    expect(second.data.total).toBe(total);
    expect(second.data.data[0].title).toBe('Paged 1');
    expect(second.data.data).toHaveLength(total - 10);

    const pinned = await adminCall(t, editor, 'pinNews', { id: ids[0], pinned: 1 });
    expect(pinned.data.pinned).toBe(1);
    expect((await list(1)).data.data[0]).toMatchObject({ id: ids[0], pinned: 1 });
    await adminCall(t, editor, 'pinNews', { id: ids[0], pinned: 0 });
    expect((await list(1)).data.data[0].title).toBe('Paged 11');
  });

  it.skipIf(skip)('sanitizes content when it is written', async () => {
    const saved = await save({
      category_id: 1,
      texts: {
        en: {
          title: 'Clean',
          content:
            '<h2>Head</h2><p onclick="steal()">Body<script>alert(1)</script></p><a href="javascript:alert(1)">bad</a><a href="https://example.com">good</a><img src="data:image/png;base64,AAAA"><img src="https://example.com/a.png" onerror="x()">',
        },
      },
    });
    const stored = saved.data.texts.en.content as string;
    expect(stored).toBe(
      '<h2>Head</h2><p>Body</p><a>bad</a><a href="https://example.com" rel="noopener noreferrer" target="_blank">good</a><img src="https://example.com/a.png" />',
    );
    await publish(saved.data.id);
    expect((await info(saved.data.id)).data.content).toBe(stored);
  });

  it.skipIf(skip)('audits every write in its transaction', async () => {
    const after = await lastAuditId(t);
    const id = await publishedNews('Audited');
    await adminCall(t, editor, 'pinNews', { id, pinned: 1 });
    await adminCall(t, editor, 'pinNews', { id, pinned: 0 });
    await save({ id, category_id: 2, texts: { en: { title: 'Audited again' } } });
    await publish(id, 0);
    const rows = await auditRowsAfter(t, after);
    expect(rows.map((r) => r.action)).toEqual([
      'news.create',
      'news.publish',
      'news.pin',
      'news.unpin',
      'news.edit',
      'news.unpublish',
    ]);
    expect(rows.every((r) => r.target_type === 'news' && r.target_id === String(id))).toBe(true);
    expect(JSON.parse(rows[4]!.before as string)).toMatchObject({ category_id: 1 });
    expect(JSON.parse(rows[4]!.after as string)).toMatchObject({
      category_id: 2,
      texts: { en: { title: 'Audited again' } },
    });
    // A refused write leaves no row.
    const last = await lastAuditId(t);
    await save({ id, category_id: 1, logo: 'javascript:alert(1)', texts: { en: { title: 'x' } } });
    expect(await lastAuditId(t)).toBe(last);
  });

  it.skipIf(skip)('keeps the editor calls to editors and the owner', async () => {
    const finance = await createOperator(t, 'finance');
    const owner = await createOperator(t, 'owner');
    const trader = await registerTrader(t, 'news-reader@example.com');
    const params = { category_id: 1, texts: { en: { title: 'Role' } } };
    expect((await save(params, finance.token)).code).toBe(RESULT_CODES.ADMIN_FORBIDDEN.code);
    expect((await save(params, trader.token)).code).toBe(RESULT_CODES.INVALID_SESSION.code);
    expect((await adminCall(t, undefined, 'newsArticles', {})).code).toBe(
      RESULT_CODES.INVALID_SESSION.code,
    );
    expect((await save(params, owner.token)).code).toBe(1);
    const listed = await adminCall(t, editor, 'newsArticles', { status: 0, page: 1 });
    expect(listed.code).toBe(1);
    expect(listed.data.data.every((r: { status: number }) => r.status === 0)).toBe(true);
    // Traders read as visitors do.
    const asTrader = await t.call(
      'GET',
      '/api/news/list',
      { category_id: 2 },
      {
        authorization: trader.token,
      },
    );
    expect(asTrader.data.total).toBe((await list(2)).data.total);
  });

  it.skipIf(skip)('stores covers re-encoded and serves them publicly', async () => {
    const upload = async (token: string, file: Buffer) => {
      const { payload, contentType } = multipartBody(file, { filename: 'cover.jpg' });
      const response = await t.app.inject({
        method: 'POST',
        url: ADMIN_ROUTES.newsCover.path,
        headers: { lang: 'en', 'content-type': contentType, authorization: token },
        payload,
      });
      return response.json();
    };
    const original = await testImage('jpeg', { exif: true, width: 320, height: 180 });
    const answer = await upload(editor, original);
    expect(answer.code).toBe(1);
    expect(answer.data.url).toMatch(/^\/api\/news\/image\/news-[0-9a-f]{32}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: answer.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(original)).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([320, 180]);

    const cover = await save({
      category_id: 1,
      logo: answer.data.url,
      texts: { en: { title: 'With cover' } },
    });
    expect(cover.data.logo).toBe(answer.data.url);

    expect((await upload(editor, Buffer.from('<svg onload="x()"></svg>'))).code).toBe(
      RESULT_CODES.UPLOAD_BAD_TYPE.code,
    );
    const finance = await createOperator(t, 'finance');
    expect((await upload(finance.token, original)).code).toBe(RESULT_CODES.ADMIN_FORBIDDEN.code);
    // A trader's private upload is never reachable through the public path.
    const trader = await registerTrader(t, 'news-private@example.com');
    const privateUrl = (await uploadImage(t.app, trader.token, await testImage('png'))).data
      .url as string;
    const privateName = privateUrl.split('/').pop();
    const leaked = await t.app.inject({ method: 'GET', url: `/api/news/image/${privateName}` });
    expect(leaked.json().code).toBe(RESULT_CODES.NOT_FOUND.code);
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/api/news/image/..%2Fnews-seed-account-safety.png',
    });
    expect(traversal.json().code).toBe(RESULT_CODES.NOT_FOUND.code);
  });

  it.skipIf(skip)('answers bad input with a translated envelope and changes nothing', async () => {
    const before = await articleCount();
    for (const bad of [3, 0, 'x', '']) {
      const answer = await list(bad);
      expect(answer.code).not.toBe(1);
      expect(answer.msg).toBeTruthy();
    }
    expect((await info('abc')).code).not.toBe(1);
    expect((await info(999_999)).code).toBe(NOT_FOUND);
    const french = await info(999_999, 'fr');
    expect(french.msg).toBe('Cet article n’existe pas ou n’est plus disponible');
    expect((await save({ category_id: 1, texts: {} })).code).not.toBe(1);
    expect((await save({ category_id: 1, texts: { xx: { title: 'x' } } })).code).not.toBe(1);
    expect((await save({ category_id: 1, texts: { en: { title: '' } } })).code).not.toBe(1);
    expect(
      (
        await save({
          category_id: 1,
          logo: 'data:image/png;base64,AA',
          texts: { en: { title: 'x' } },
        })
      ).code,
    ).toBe(RESULT_CODES.NEWS_COVER_INVALID.code);
    expect(
      (
        await save({
          category_id: 1,
          logo: '/api/common/upload/abc.png',
          texts: { en: { title: 'x' } },
        })
      ).code,
    ).toBe(RESULT_CODES.NEWS_COVER_INVALID.code);
    expect((await save({ id: 999_999, category_id: 1, texts: { en: { title: 'x' } } })).code).toBe(
      NOT_FOUND,
    );
    expect((await adminCall(t, editor, 'publishNews', { id: 999_999, published: 1 })).code).toBe(
      NOT_FOUND,
    );
    expect((await adminCall(t, editor, 'pinNews', { id: 1, pinned: 2 })).code).not.toBe(1);
    expect(await articleCount()).toBe(before);
  });
});
