import { DEFAULT_LANGUAGE, type Language, normalizeLanguage } from '@tradedesk/contract';

/** Where the reader's choice is kept (i18n.ts writes it on every change). */
export const STORAGE_KEY = 'tradedesk.lang';

/**
 * The language the app opens in: the reader's last choice, else the default (hk). Read by the
 * app (i18n.ts, locale-bundles.ts) and, before the app's code has arrived, by
 * preload-language.ts: both must agree, or a reader would preload one language and read another.
 */
export function storedLanguage(): Language {
  return normalizeLanguage(localStorage.getItem(STORAGE_KEY) ?? DEFAULT_LANGUAGE);
}
