import type { Language } from '@tradedesk/contract';

/**
 * antd-mobile's texts for each language, as antd-mobile/es/locales/<name>.js. antd-locale.ts
 * imports them (literal imports, which the bundler needs); vite.config.ts preloads the reader's
 * from this list. antd-locale-files.test.ts keeps the two the same.
 */
export const ANTD_LOCALE_FILES: Record<Language, string> = {
  hk: 'zh-HK',
  en: 'en-US',
  jp: 'ja-JP',
  kr: 'ko-KR',
  th: 'th-TH',
  vn: 'vi-VN',
  fr: 'fr-FR',
  de: 'de-DE',
  ru: 'ru-RU',
  spa: 'es-ES',
  pt: 'pt-BR',
  ar: 'ar-SA',
  it: 'it-IT',
  tr: 'tr-TR',
  id: 'id-ID',
};
