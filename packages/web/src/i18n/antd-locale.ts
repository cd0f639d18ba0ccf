import type { Language } from '@tradedesk/contract';
import type enUS from 'antd-mobile/es/locales/en-US';
import { useEffect, useState } from 'react';

type AntdLocale = typeof enUS;

/** antd-mobile's own texts (pull-to-refresh, pickers) follow the chosen language. */
const ANTD_LOCALES: Record<Language, () => Promise<{ default: AntdLocale }>> = {
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

export function useAntdLocale(language: Language): AntdLocale | undefined {
  const [locale, setLocale] = useState<AntdLocale>();
  useEffect(() => {
    let live = true;
    ANTD_LOCALES[language]().then((m) => live && setLocale(m.default));
    return () => {
      live = false;
    };
  }, [language]);
  return locale;
}
