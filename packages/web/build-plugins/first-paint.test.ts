import type { HtmlTagDescriptor as HtmlTag, Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  languageTemplates,
  modulePreloadTags,
  moveStylesheetsIntoBody,
  withPicker,
} from './first-paint.ts';

const HTML = `<html>
  <head>
    <link rel="stylesheet" href="/boot.css" />
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/es-b.css">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

function chunk(fileName: string, facadeModuleId: string | null, imports: string[] = []) {
  return { type: 'chunk', fileName, facadeModuleId, imports } as unknown as Rolldown.OutputChunk;
}

describe('moveStylesheetsIntoBody', () => {
  it('moves the built stylesheets after the content, in order, and leaves boot.css in head', () => {
    const moved = moveStylesheetsIntoBody(HTML);
    const head = moved.slice(0, moved.indexOf('</head>'));
    const body = moved.slice(moved.indexOf('<body>'));
    expect(head).toContain('href="/boot.css"');
    expect(head).not.toContain('/assets/es-b.css');
    expect(body.indexOf('<div id="root">')).toBeLessThan(body.indexOf('/assets/es-b.css'));
    expect(body.indexOf('/assets/es-b.css')).toBeLessThan(body.indexOf('/assets/index-c.css'));
    expect(body.indexOf('/assets/index-c.css')).toBeLessThan(body.indexOf('</body>'));
  });

  it('leaves a page without built stylesheets as it is', () => {
    const plain = '<html><head></head><body><p>hi</p></body></html>';
    expect(moveStylesheetsIntoBody(plain)).toBe(plain);
  });
});

describe('modulePreloadTags', () => {
  const bundle = {
    'assets/hk-1.js': chunk('assets/hk-1.js', '/app/src/i18n/locales/hk.json'),
    'assets/zh-HK-2.js': chunk('assets/zh-HK-2.js', '/nm/antd-mobile/es/locales/zh-HK.js', [
      'assets/base-3.js',
    ]),
    'assets/base-3.js': chunk('assets/base-3.js', null),
    'assets/en-4.js': chunk('assets/en-4.js', '/app/src/i18n/locales/en.json'),
  } as unknown as Rolldown.OutputBundle;

  it('preloads the chunks of the modules named and what they import, marked with the language', () => {
    const tags = modulePreloadTags(
      bundle,
      ['src/i18n/locales/hk.json', 'antd-mobile/es/locales/zh-HK.js'],
      'hk',
    );
    expect(tags.map((tag) => tag.attrs)).toEqual([
      { rel: 'modulepreload', crossorigin: true, href: '/assets/hk-1.js', 'data-language': 'hk' },
      {
        rel: 'modulepreload',
        crossorigin: true,
        href: '/assets/zh-HK-2.js',
        'data-language': 'hk',
      },
      { rel: 'modulepreload', crossorigin: true, href: '/assets/base-3.js', 'data-language': 'hk' },
    ]);
  });

  it('fails the build when a module named is not a chunk of its own', () => {
    expect(() => modulePreloadTags(bundle, ['src/i18n/locales/xx.json'], 'xx')).toThrow(
      /no chunk is built from src\/i18n\/locales\/xx.json/,
    );
  });
});

/** The hrefs of the links a template holds. */
function hrefsIn(template: HtmlTag | undefined) {
  return ((template?.children ?? []) as HtmlTag[]).map((tag) => tag.attrs?.href);
}

describe('languageTemplates', () => {
  const bundle = {
    'assets/hk-1.js': chunk('assets/hk-1.js', '/app/src/i18n/locales/hk.json'),
    'assets/zh-HK-2.js': chunk('assets/zh-HK-2.js', '/nm/antd-mobile/es/locales/zh-HK.js', [
      'assets/base-3.js',
    ]),
    'assets/base-3.js': chunk('assets/base-3.js', null),
    'assets/en-4.js': chunk('assets/en-4.js', '/app/src/i18n/locales/en.json'),
    'assets/en-US-5.js': chunk('assets/en-US-5.js', '/nm/antd-mobile/es/locales/en-US.js', [
      'assets/base-3.js',
    ]),
  } as unknown as Rolldown.OutputBundle;
  const locales = {
    hk: ['src/i18n/locales/hk.json', 'antd-mobile/es/locales/zh-HK.js'],
    en: ['src/i18n/locales/en.json', 'antd-mobile/es/locales/en-US.js'],
  };

  it("keeps each language's texts in a template of its own: nothing outside one is preloaded", () => {
    const templates = languageTemplates(bundle, locales, HTML);
    expect(templates.map((t) => [t.tag, t.attrs?.['data-language']])).toEqual([
      ['template', 'hk'],
      ['template', 'en'],
    ]);
    const hrefs = (language: string) =>
      hrefsIn(templates.find((t) => t.attrs?.['data-language'] === language));
    expect(hrefs('hk')).toEqual(['/assets/hk-1.js', '/assets/zh-HK-2.js', '/assets/base-3.js']);
    expect(hrefs('en')).toEqual(['/assets/en-4.js', '/assets/en-US-5.js', '/assets/base-3.js']);
  });

  it('leaves out what the page preloads for everyone already', () => {
    const page = HTML.replace(
      '</head>',
      '<link rel="modulepreload" href="/assets/base-3.js">\n</head>',
    );
    const [hk] = languageTemplates(bundle, { hk: locales.hk }, page);
    expect(hrefsIn(hk)).toEqual(['/assets/hk-1.js', '/assets/zh-HK-2.js']);
  });
});

describe('withPicker', () => {
  const bundle = {
    'assets/index-a.js': chunk('assets/index-a.js', '/app/index.html', ['assets/stored-6.js']),
    'assets/preload-language-7.js': chunk(
      'assets/preload-language-7.js',
      '/app/src/i18n/preload-language.ts',
      ['assets/stored-6.js', 'assets/runtime-8.js'],
    ),
    'assets/stored-6.js': chunk('assets/stored-6.js', null),
    'assets/runtime-8.js': chunk('assets/runtime-8.js', null),
  } as unknown as Rolldown.OutputBundle;

  it("runs the picker before the app's script, and preloads what it imports that the page lacks", () => {
    const page = HTML.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/stored-6.js">\n</head>',
    );
    const html = withPicker(page, bundle, 'src/i18n/preload-language.ts');
    const picker = html.indexOf(
      '<script type="module" crossorigin src="/assets/preload-language-7.js">',
    );
    expect(picker).toBeGreaterThan(0);
    expect(picker).toBeLessThan(html.indexOf('src="/assets/index-a.js"'));
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/runtime-8.js">');
    expect(html.match(/href="\/assets\/stored-6.js"/g)).toHaveLength(1);
  });

  it('fails the build when the picker is not built or the page runs no module', () => {
    expect(() => withPicker(HTML, bundle, 'src/i18n/missing.ts')).toThrow(/no chunk is built/);
    expect(() =>
      withPicker('<html><head></head></html>', bundle, 'src/i18n/preload-language.ts'),
    ).toThrow(/no module script/);
  });
});
