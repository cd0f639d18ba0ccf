import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { setMessageApi } from '../lib/notify.ts';
import { queryClient } from '../lib/query-client.ts';
import { ANTD_THEME } from './theme.ts';

/**
 * antd under the server's Content-Security-Policy (`style-src 'self'`: no inline <style>).
 *
 * - zeroRuntime: components generate no CSS; theirs comes from the stylesheet rendered at
 *   build time (build/antd-styles.ts) with this same theme.
 * - The design tokens are still computed at run time, and @ant-design/cssinjs writes them into
 *   a <style> whatever the mode. That element goes to a node outside the document, where the
 *   browser never applies it (nor reports it as a violation): the stylesheet holds the same
 *   variables.
 * - Overlays (modals, drawers, dropdowns) mount in #overlays instead of <body>: on <body>,
 *   a modal would lock scrolling by injecting a <style>, which the policy refuses.
 */
const detachedStyles = document.createElement('div');
const overlays = (): HTMLElement => document.getElementById('overlays') ?? document.body;

/** Hands antd's context-bound message API to code outside components (the API client). */
export function NotifierBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(undefined);
  }, [message]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <StyleProvider container={detachedStyles}>
      <ConfigProvider theme={{ ...ANTD_THEME, zeroRuntime: true }} getPopupContainer={overlays}>
        <AntdApp>
          <NotifierBridge />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </AntdApp>
      </ConfigProvider>
    </StyleProvider>
  );
}
