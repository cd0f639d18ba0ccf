import { afterEach, describe, expect, it } from 'vitest';
import { preloadLanguage } from './preload-language.ts';
import { STORAGE_KEY } from './stored-language.ts';

/** The page as the build writes it: every language's preloads inert in its template. */
function page(): Document {
  const doc = document.implementation.createHTMLDocument();
  doc.head.innerHTML = `
    <template data-language="hk"><link rel="preload" as="fetch" href="/v1/api/forex/getCategories"></template>
    <template data-language="hk"><link rel="modulepreload" href="/assets/hk-1.js"></template>
    <template data-language="en"><link rel="modulepreload" href="/assets/en-2.js"></template>
    <template data-language="ar"><link rel="modulepreload" href="/assets/ar-3.js"></template>`;
  return doc;
}

/** The links that are part of the page (a template's content is not). */
function activeLinks(doc: Document): string[] {
  return [...doc.querySelectorAll('link')].map((link) => link.getAttribute('href') ?? '');
}

describe('preloadLanguage', () => {
  afterEach(() => localStorage.removeItem(STORAGE_KEY));

  it("activates the stored language's preloads and no other language's", () => {
    localStorage.setItem(STORAGE_KEY, 'ar');
    const doc = page();
    preloadLanguage(undefined, doc);
    expect(activeLinks(doc)).toEqual(['/assets/ar-3.js']);
  });

  it('activates every template of the default language for a reader who never chose one', () => {
    const doc = page();
    preloadLanguage(undefined, doc);
    expect(activeLinks(doc)).toEqual(['/v1/api/forex/getCategories', '/assets/hk-1.js']);
  });

  it('reads a stored name the way the app does (an alias is its language)', () => {
    localStorage.setItem(STORAGE_KEY, 'tw');
    const doc = page();
    preloadLanguage(undefined, doc);
    expect(activeLinks(doc)).toEqual(['/v1/api/forex/getCategories', '/assets/hk-1.js']);
  });
});
