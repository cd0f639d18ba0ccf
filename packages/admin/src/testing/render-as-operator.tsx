import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AdminMe, AdminRole } from '@tradedesk/contract/admin';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { NotifierBridge } from '../app/providers.tsx';
import { adminKeys } from '../lib/query-keys.ts';
import { setToken } from '../lib/session.ts';

/** One request the component sent through the real API client. */
export interface SentCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Renders a back-office component as a logged-in operator of `role`, in jsdom, with the real
 * API client over a fetch that records each call and answers `answer(call)` (success, null
 * data unless told). For component tests: what the screen sends, and when. The client's
 * messages (a refusal's `msg`, a decision's confirmation) show as in the app.
 */
export function renderAsOperator(
  ui: ReactNode,
  options: {
    role: AdminRole;
    answer?: (call: SentCall) => { code: number; msg?: string; data?: unknown };
    /** The owner still on the generated first password. */
    passwordChangeRequired?: boolean;
    /** Where the router starts (MemoryRouter's first entry). */
    at?: string;
  },
) {
  // antd reads media queries for its responsive parts; jsdom has none.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  const calls: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call: SentCall = {
        method: init.method ?? 'GET',
        path: String(url),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const answer = options.answer?.(call) ?? { code: 1 };
      return new Response(JSON.stringify({ msg: '', data: null, ...answer }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  setToken('test-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const me: AdminMe = {
    id: 7,
    email: `${options.role}@ops.example.com`,
    role: options.role,
    otp_enabled: false,
    disabled: false,
    created_at: 0,
    otp_setup_required: false,
    password_change_required: options.passwordChangeRequired ?? false,
  };
  queryClient.setQueryData(adminKeys.me, me);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AntdApp>
        <NotifierBridge />
        <MemoryRouter initialEntries={[options.at ?? '/']}>{ui}</MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
  return { ...view, calls, queryClient };
}
