import { describe, expect, it } from 'vitest';
import {
  hasFallbackText,
  isCoverAcceptable,
  missingLanguages,
  previewDocument,
  textsToSave,
} from './news-form.ts';

describe('news form', () => {
  it('saves titled languages, drops empty ones and reports untitled ones', () => {
    const { texts, untitled } = textsToSave({
      en: { title: ' Title ', desc: ' Sum ', content: '<p>x</p>' },
      fr: { title: '', desc: '', content: '' },
      de: { title: '', desc: 'Nur Zusammenfassung', content: '' },
    });
    expect(texts).toEqual({ en: { title: 'Title', desc: 'Sum', content: '<p>x</p>' } });
    expect(untitled).toEqual(['de']);
  });

  it('lists missing languages and the fallback rule', () => {
    expect(missingLanguages(['hk', 'en'])).toHaveLength(13);
    expect(missingLanguages(['hk', 'en'])).not.toContain('en');
    expect(hasFallbackText(['fr', 'hk'])).toBe(true);
    expect(hasFallbackText(['fr', 'de'])).toBe(false);
  });

  it('accepts the covers the server accepts', () => {
    expect(isCoverAcceptable('')).toBe(true);
    expect(isCoverAcceptable('/api/news/image/news-0123abcd.png')).toBe(true);
    expect(isCoverAcceptable('https://cdn.example.com/a.jpg')).toBe(true);
    expect(isCoverAcceptable('/api/common/upload/abc.png')).toBe(false);
    expect(isCoverAcceptable('/api/news/image/../x.png')).toBe(false);
    expect(isCoverAcceptable('javascript:alert(1)')).toBe(false);
    expect(isCoverAcceptable('data:image/png;base64,AA')).toBe(false);
  });

  it('previews in a page that forbids scripts, right to left for Arabic', () => {
    const doc = previewDocument('<p>hi</p>', 'ar');
    expect(doc).toContain("default-src 'none'");
    expect(doc).toContain('dir="rtl"');
    expect(doc).toContain('<p>hi</p>');
  });
});
