import { isRightToLeft, normalizeLanguage } from '@tradedesk/contract';
import i18next from 'i18next';

// Unicode's LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE: what <bdi dir="ltr"> does, in
// a string, so that it also holds inside a translated sentence and an attribute.
const LRI = '\u2066';
const PDI = '\u2069';

/** The app's language now (i18next's), for formatters called outside React. */
export function displayLanguage(): string {
  return normalizeLanguage(i18next.language);
}

/**
 * A number, sign or date as one left-to-right unit in a right-to-left language: in Arabic
 * "-0.12%" otherwise shows as "0.12%-" and "2026-11-26 13:05" as "13:05 2026-11-26". Left
 * as it is in a left-to-right language, where it needs nothing (and tests read it plainly).
 */
export function isolateLtr(text: string, language: string = displayLanguage()): string {
  return isRightToLeft(normalizeLanguage(language)) ? `${LRI}${text}${PDI}` : text;
}

/** The text without isolation marks: for a value a form field or a parser takes. */
export function stripIsolation(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, '');
}
