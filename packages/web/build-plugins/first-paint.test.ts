import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { modulePreloadTags, moveStylesheetsIntoBody } from './first-paint.ts';

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
