import { QueryClientProvider } from '@tanstack/react-query';
import { normalizeLanguage } from '@tradedesk/contract';
import { ConfigProvider } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router';
import { useAntdLocale } from '../i18n/antd-locale.ts';
import { firstScreenRendered } from '../lib/after-first-screen.ts';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';
import { useSessionRefresh } from './use-session-refresh.ts';

function Providers() {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(normalizeLanguage(i18n.language));
  useSessionRefresh();
  // What waits for the first screen (the live connection, the service worker) starts once
  // this first render is on glass.
  useEffect(firstScreenRendered, []);
  return (
    <ConfigProvider {...(locale ? { locale } : {})}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Providers />
    </QueryClientProvider>
  );
}
