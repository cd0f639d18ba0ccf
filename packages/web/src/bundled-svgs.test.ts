import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';

/*
 * Every SVG the apps ship, read as text. A browser parses an SVG image as strict XML and shows
 * a broken image on the first error (the US500 logo's `S&P 500` title did exactly that), so
 * each one goes through a real XML parser here — jsdom's DOMParser, the one the web tests run in.
 */
const files: Record<string, string> = {
  ...import.meta.glob<string>('../public/**/*.svg', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob<string>('./**/*.svg', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../admin/public/**/*.svg', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
};

/** SVGs inlined as data URLs (the boot splash in index.html paints before any request). */
const inlined = [...indexHtml.matchAll(/data:image\/svg\+xml,([^"']+)/g)].map((match) =>
  decodeURIComponent(match[1] ?? ''),
);

/** The parser's complaint, or null when the text is a well-formed SVG document. */
function svgError(text: string): string | null {
  const document = new DOMParser().parseFromString(text, 'image/svg+xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) return error.textContent ?? 'parse error';
  const root = document.documentElement;
  if (root.localName !== 'svg' || root.namespaceURI !== 'http://www.w3.org/2000/svg') {
    return `root is <${root.nodeName}> in ${root.namespaceURI}, not an SVG <svg>`;
  }
  return null;
}

describe('bundled SVGs', () => {
  it('finds the instrument logos, both favicons and the inlined boot splash', () => {
    const names = Object.keys(files);
    expect(names).toContain('../public/logos/us500.svg');
    expect(names).toContain('../public/favicon.svg');
    expect(names).toContain('../../admin/public/favicon.svg');
    expect(names.filter((name) => name.includes('/logos/')).length).toBeGreaterThanOrEqual(30);
    expect(inlined).toHaveLength(1);
  });

  it.each(Object.entries(files))('%s is well-formed XML with an <svg> root', (_name, text) => {
    expect(svgError(text)).toBeNull();
  });

  it('the inlined boot splash is well-formed', () => {
    for (const text of inlined) expect(svgError(text)).toBeNull();
  });

  it('tells a broken SVG apart (the check can fail)', () => {
    expect(
      svgError('<svg xmlns="http://www.w3.org/2000/svg"><title>S&P 500</title></svg>'),
    ).not.toBeNull();
    expect(svgError('<html/>')).not.toBeNull();
  });
});
