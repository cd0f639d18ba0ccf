import type { Language } from '@tradedesk/contract';
import { storedLanguage } from './stored-language.ts';

export { STORAGE_KEY, storedLanguage } from './stored-language.ts';

// One chunk per locale: a visitor downloads only the language they read.
const loaders = import.meta.glob<{ default: Record<string, string> }>('./locales/*.json');

export async function loadBundle(language: Language): Promise<Record<string, string>> {
  const load = loaders[`./locales/${language}.json`];
  if (!load) throw new Error(`No locale file for ${language}`);
  return (await load()).default;
}

/**
 * The reader's locale, requested as this module runs. main.tsx imports it before anything
 * else, so the download overlaps the evaluation of React and the app instead of waiting for
 * it (the first render needs the translations).
 */
export const firstBundle = loadBundle(storedLanguage());
