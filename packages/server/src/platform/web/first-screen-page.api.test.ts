import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEurusdApp, type TestApp } from '../../testing/test-app.ts';
import { withFirstScreen } from './app-page.ts';
import { createFirstScreenPage, FIRST_SCREEN_MARK } from './first-screen-page.ts';

/** index.html as the build writes it, cut to what the first screen changes. */
const PAGE = `<!doctype html>
<html lang="zh-Hant-HK">
  <head>
    <link rel="stylesheet" href="/boot.css" />
    <link rel="preload" as="fetch" crossorigin="anonymous" href="/api/company/getCompanyStatus?t=1" />
    <link rel="preload" as="fetch" crossorigin="anonymous" data-first-screen-data href="/v1/api/forex/trade_list?t=1" />
    <template data-language="hk" data-first-screen-data>
      <link rel="preload" as="fetch" href="/v1/api/forex/getCategories?t=1" />
    </template>
    <script type="module" crossorigin src="/assets/preload-language-a.js"></script>
    <script type="module" crossorigin src="/assets/index-b.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/framework-c.js">
    <template data-language="en">        <link rel="modulepreload" crossorigin href="/assets/en-d.js" data-language="en">
</template>
  </head>
  <body>
    ${FIRST_SCREEN_MARK}
    <div id="root"><div class="boot-splash"></div></div>
    <script>/* picker */</script>
    <link rel="stylesheet" crossorigin href="/assets/index-e.css">
  </body>
</html>`;

describe('the page with its first screen', () => {
  const page = withFirstScreen(PAGE, {
    html: '<template data-first-screen="home">$&</template>',
    lang: 'ar',
    dir: 'rtl',
  });
  const head = page.slice(0, page.indexOf('</head>'));

  it('puts the rendered screens where index.html marks them, as they are', () => {
    expect(page).toContain(
      '<template data-first-screen="home">$&</template>\n    <div id="root"><div class="boot-splash">',
    );
    expect(page).toContain('<html lang="ar" dir="rtl">');
  });

  it('no longer preloads the calls whose answers it carries, and keeps the others', () => {
    expect(page).not.toContain('trade_list');
    expect(page).not.toContain('getCategories');
    expect(page).toContain('getCompanyStatus');
  });

  it("links the app's stylesheets in <head>, and holds its code back for after the first paint", () => {
    expect(head).toContain('href="/assets/index-e.css"');
    const later = head.slice(head.indexOf('<template data-after-first-paint>'));
    expect(later).toContain('src="/assets/preload-language-a.js"');
    expect(later).toContain('src="/assets/index-b.js"');
    expect(later).toContain('href="/assets/framework-c.js"');
    // In the order written: the language picker runs before the app.
    expect(later.indexOf('preload-language-a')).toBeLessThan(later.indexOf('index-b'));
    // One language's modules stay in their own template, for the app's code to pick.
    expect(page).toMatch(/<template data-language="en">\s*<link rel="modulepreload"[^>]*en-d\.js/);
    expect(page.match(/<script type="module"/g)).toHaveLength(2);
  });

  it('leaves a page without the mark as it is', () => {
    const plain = PAGE.replace(FIRST_SCREEN_MARK, '');
    expect(withFirstScreen(plain, { html: 'x', lang: 'ar', dir: 'rtl' })).toBe(plain);
  });
});

describe("the first screen rendered from this server's own answers", () => {
  let t: TestApp;
  const inputs: {
    language: string;
    tradeList: unknown;
    categories: unknown;
    announcements: unknown;
  }[] = [];
  let failNext = false;
  /** Stands in for the web build's module (tested in the browser: e2e/first-screen.spec.ts). */
  const renderer = {
    renderFirstScreen(input: (typeof inputs)[number]) {
      if (failNext) {
        failNext = false;
        throw new Error('render failed');
      }
      inputs.push(input);
      return {
        lang: 'zh-Hant-HK',
        dir: 'ltr' as const,
        home: `<p>home ${inputs.length}</p>`,
        tradeShell: '<div data-first-screen-slot=""></div>',
        trades: [{ id: 1, code: 'EURUSD', html: '<b>1.08</b>' }],
      };
    },
  };

  beforeAll(async () => {
    ({ t } = await startEurusdApp('sqlite'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders from the calls the app makes, in the default language, with their answers in the page', async () => {
    const screens = createFirstScreenPage(t.app, renderer, () => t.clock.now);
    const parts = await screens.parts();
    expect(inputs).toHaveLength(1);
    const [input] = inputs;
    expect(input!.language).toBe('hk');
    expect((input!.tradeList as { Code: string }[]).map((i) => i.Code)).toContain('EURUSD');
    expect((input!.categories as unknown[]).length).toBeGreaterThan(0);
    expect(input!.announcements).toHaveProperty('data');
    expect(parts!.html).toContain(
      '<template data-first-screen="home" data-first-screen-language="hk"><p>home 1</p></template>',
    );
    expect(parts!.html).toContain(
      '<template data-first-screen="trade" data-id="1" data-code="EURUSD"><b>1.08</b></template>',
    );
    const json = /<script type="application\/json" id="first-screen-data">(.*)<\/script>/.exec(
      parts!.html,
    )![1]!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toMatchObject({ language: 'hk', tradeList: input!.tradeList });
  });

  it('renders at most once per interval, sends the last rendering meanwhile, and keeps it when a render fails', async () => {
    inputs.length = 0;
    const screens = createFirstScreenPage(t.app, renderer, () => t.clock.now);
    await screens.parts();
    await screens.parts();
    expect(inputs).toHaveLength(1);
    t.clock.advance(2_001);
    // Stale: this page gets the last rendering at once; the next one is under way.
    expect((await screens.parts())!.html).toContain('home 1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await screens.parts())!.html).toContain('home 2');
    t.clock.advance(2_001);
    failNext = true;
    await screens.parts();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await screens.parts())!.html).toContain('home 2');
  });
});
