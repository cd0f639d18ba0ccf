import {
  type Language,
  NEWS_FALLBACK_LANGUAGES,
  NEWS_IMAGE_PATH_PREFIX,
} from '@tradedesk/contract';
import type { TextRecord } from './news.repository.ts';

/** The languages to read for a reader of `lang`, in the order they are preferred. */
export function readingOrder(lang: Language): Language[] {
  return [lang, ...NEWS_FALLBACK_LANGUAGES.filter((l) => l !== lang)];
}

/** The text a reader of `lang` gets: theirs, else English, else hk; undefined when none. */
export function pickText(texts: readonly TextRecord[], lang: Language): TextRecord | undefined {
  for (const wanted of readingOrder(lang)) {
    const found = texts.find((t) => t.lang === wanted);
    if (found) return found;
  }
  return undefined;
}

/** Whether every reader has a text: an English or hk one exists. */
export function hasFallback(langs: readonly string[]): boolean {
  return NEWS_FALLBACK_LANGUAGES.some((l) => langs.includes(l));
}

/** Names of our public news images: random, flat, one of the re-encoded formats. */
export const NEWS_IMAGE_NAME = /^news-[a-z0-9-]{1,64}\.(png|jpg|webp)$/;

/** A cover the reader's browser may load: none, one of our news images, or an http(s) URL. */
export function isAcceptableCover(logo: string): boolean {
  if (logo === '') return true;
  if (logo.startsWith(NEWS_IMAGE_PATH_PREFIX))
    return NEWS_IMAGE_NAME.test(logo.slice(NEWS_IMAGE_PATH_PREFIX.length));
  try {
    const url = new URL(logo);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
