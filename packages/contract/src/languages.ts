/** The 15 interface languages of SPEC.md §1, in the order the language page lists them. */
export const LANGUAGES = [
  'hk',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
  'id',
] as const;

export type Language = (typeof LANGUAGES)[number];

/** hk (Traditional Chinese) is the product default. */
export const DEFAULT_LANGUAGE: Language = 'hk';

/**
 * Codes that older clients send for a language we serve under another code. A Map: the key
 * comes from a request header, and a plain object would answer `__proto__` or `constructor`
 * with its prototype's members.
 */
const ALIASES: ReadonlyMap<string, Language> = new Map([
  ['tw', 'hk'],
  ['ko', 'kr'],
]);

/** Each language's own name, as the language picker shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  hk: '繁體中文',
  en: 'English',
  jp: '日本語',
  kr: '한국어',
  th: 'ไทย',
  vn: 'Tiếng Việt',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  spa: 'Español',
  pt: 'Português',
  ar: 'العربية',
  it: 'Italiano',
  tr: 'Türkçe',
  id: 'Bahasa Indonesia',
};

/** BCP 47 tags for `<html lang>` and Intl formatting. */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = {
  hk: 'zh-Hant-HK',
  en: 'en',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
  vn: 'vi',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  spa: 'es',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
  id: 'id',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps whatever a client sent (`tw`, `KO`, nothing) onto one of the 15 languages. */
export function normalizeLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const lower = value.trim().toLowerCase();
  if (isLanguage(lower)) return lower;
  return ALIASES.get(lower) ?? DEFAULT_LANGUAGE;
}

export function isRightToLeft(language: Language): boolean {
  return language === 'ar';
}
