import type { Language } from '@tradedesk/contract';
import type enUS from 'antd-mobile/es/locales/en-US';
import { useEffect, useState } from 'react';

type AntdLocale = typeof enUS;

/**
 * antd-mobile's own texts (pull-to-refresh, pickers) follow the chosen language: the files
 * ANTD_LOCALE_FILES names, which the build preloads for their readers.
 */
export const ANTD_LOCALES: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  en: () => import('antd-mobile/es/locales/en-US'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
  id: () => import('antd-mobile/es/locales/id-ID'),
};

// What has loaded, so that a render can use it at once.
const loaded: Partial<Record<Language, AntdLocale>> = {};

/** Loads antd-mobile's texts in `language`; main.tsx waits for them before the first render. */
export async function loadAntdLocale(language: Language): Promise<void> {
  loaded[language] ??= (await ANTD_LOCALES[language]()).default;
}

/**
 * antd-mobile's texts in `language`: at once when loaded before (the first render's always
 * are; a late arrival would re-render the whole app in one long task), else once they are.
 */
export function useAntdLocale(language: Language): AntdLocale | undefined {
  const [locale, setLocale] = useState<AntdLocale | undefined>(() => loaded[language]);
  useEffect(() => {
    let live = true;
    void loadAntdLocale(language).then(() => {
      if (live) setLocale(loaded[language]);
    });
    return () => {
      live = false;
    };
  }, [language]);
  return loaded[language] ?? locale;
}
