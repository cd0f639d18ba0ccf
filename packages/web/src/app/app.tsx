import { QueryClientProvider } from '@tanstack/react-query';
import { normalizeLanguage } from '@tradedesk/contract';
import { ConfigProvider } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { useAntdLocale } from '../i18n/antd-locale.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { useSessionRefresh } from './use-session-refresh.ts';

function Providers() {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(normalizeLanguage(i18n.language));
  useSessionRefresh();
  return (
    <ConfigProvider {...(locale ? { locale } : {})}>
      <RouterProvider router={router} />
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
