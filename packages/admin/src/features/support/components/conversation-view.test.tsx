// @vitest-environment jsdom

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { ConversationView } from './conversation-view.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The thread as the server sends it for trader id 6, whose public user number is 8270416. */
const thread = {
  user_id: 6,
  uid: '8270416',
  account: 'trader@example.com',
  is_demo: false,
  data: [
    {
      id: 1,
      sender: 'trader',
      content: 'My deposit has not arrived',
      created_at: 1_700_000_000_000,
      operator_email: '',
    },
  ],
  has_more: false,
  unread: 0,
};

describe('a support conversation', () => {
  it('names the trader by the UID the users page shows, not the internal id', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 1, msg: '', data: thread }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    // The reply box sizes itself on resize; jsdom has no layout to observe.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    setToken('test-token');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ConversationView userId={6} />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('thread-uid')).textContent).toBe('UID 8270416');
    expect(screen.queryByText(/#6\b/)).toBeNull();
  });
});
