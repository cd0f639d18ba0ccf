import {
  isRightToLeft,
  LANGUAGE_TAGS,
  type Language,
  normalizeLanguage,
} from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { firstBundle, loadBundle, STORAGE_KEY, storedLanguage } from './locale-bundles.ts';

function applyToDocument(language: Language): void {
  document.documentElement.lang = LANGUAGE_TAGS[language];
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
}

export function currentLanguage(): Language {
  return normalizeLanguage(i18next.language ?? storedLanguage());
}

/** Loads the stored language (hk by default) before the first render. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: await firstBundle } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyToDocument(language);
}

/** Switches language, persists it (sent as `lang` from now on) and flips the text direction. */
export async function changeLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await loadBundle(language));
  }
  await i18next.changeLanguage(language);
  localStorage.setItem(STORAGE_KEY, language);
  applyToDocument(language);
}

export const t = i18next.t.bind(i18next);
