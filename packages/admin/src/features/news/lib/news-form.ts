import { LANGUAGES, type Language, NEWS_FALLBACK_LANGUAGES } from '@tradedesk/contract';
import type { AdminNewsText } from '@tradedesk/contract/admin';

/** The languages' names as the editor's tabs show them (in English, the back office's language). */
export const LANGUAGE_LABELS: Readonly<Record<Language, string>> = {
  hk: 'Chinese (Traditional)',
  en: 'English',
  jp: 'Japanese',
  kr: 'Korean',
  th: 'Thai',
  vn: 'Vietnamese',
  fr: 'French',
  de: 'German',
  ru: 'Russian',
  spa: 'Spanish',
  pt: 'Portuguese',
  ar: 'Arabic',
  it: 'Italian',
  tr: 'Turkish',
  id: 'Indonesian',
};

export interface TextDraft {
  title: string;
  desc: string;
  content: string;
}

export type TextDrafts = Partial<Record<Language, TextDraft>>;

const EMPTY: TextDraft = { title: '', desc: '', content: '' };

export function draftOf(drafts: TextDrafts, lang: Language): TextDraft {
  return drafts[lang] ?? EMPTY;
}

/** Whether a language's draft holds anything at all. */
function touched(draft: TextDraft | undefined): boolean {
  return (
    !!draft &&
    (draft.title.trim() !== '' || draft.desc.trim() !== '' || draft.content.trim() !== '')
  );
}

/**
 * The texts to save: languages with a title; a language left entirely empty is dropped (the
 * server removes it). A language with a summary or content but no title is an error the form
 * shows, listed in `untitled`.
 */
export function textsToSave(drafts: TextDrafts): {
  texts: Partial<Record<Language, AdminNewsText>>;
  untitled: Language[];
} {
  const texts: Partial<Record<Language, AdminNewsText>> = {};
  const untitled: Language[] = [];
  for (const lang of LANGUAGES) {
    const draft = drafts[lang];
    if (!draft || !touched(draft)) continue;
    if (draft.title.trim() === '') {
      untitled.push(lang);
      continue;
    }
    texts[lang] = { title: draft.title.trim(), desc: draft.desc.trim(), content: draft.content };
  }
  return { texts, untitled };
}

/** Languages without a text: what the coverage column lists as missing. */
export function missingLanguages(present: readonly string[]): Language[] {
  return LANGUAGES.filter((lang) => !present.includes(lang));
}

/** Publishing needs an English or hk text (the readers' fallback). */
export function hasFallbackText(present: readonly string[]): boolean {
  return NEWS_FALLBACK_LANGUAGES.some((lang) => present.includes(lang));
}

/** A cover the server accepts: none, one of our news images, or an http(s) address. */
export function isCoverAcceptable(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  if (text.startsWith('/api/news/image/'))
    return /^\/api\/news\/image\/news-[a-z0-9-]{1,64}\.(png|jpg|webp)$/.test(text);
  return /^https?:\/\/[^\s]+$/i.test(text);
}

/**
 * The preview's one stylesheet. The iframe inherits the back office's policy
 * (`style-src 'self'`), which allows an inline <style> only by the hash of its exact text:
 * packages/server/src/http/security-headers.ts holds that hash (NEWS_PREVIEW_STYLE), and a
 * change here shows up as a violation in e2e/csp.spec.ts until it is updated there.
 */
export const PREVIEW_STYLE =
  'body{font:14px/1.6 system-ui,sans-serif;margin:12px;color:#0b1220}img{max-width:100%}blockquote{margin:8px 0;padding-inline-start:10px;border-inline-start:3px solid #1f6feb;color:#667085}';

/**
 * The preview's document: the draft's HTML inside a page whose policy forbids every script,
 * shown in an iframe sandboxed without scripts. Nothing typed runs; the server sanitizes the
 * HTML when it is saved, and the editor then shows what was stored.
 */
export function previewDocument(html: string, lang: Language): string {
  const dir = lang === 'ar' ? 'rtl' : 'auto';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'"><style>${PREVIEW_STYLE}</style></head><body>${html}</body></html>`;
}
