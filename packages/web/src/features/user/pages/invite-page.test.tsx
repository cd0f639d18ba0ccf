import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { InviteList } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { loadToast } from '../../../lib/toast.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { TRADER } from '../../../testing/trader.ts';
import { InvitePage } from './invite-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

let invitees: InviteList;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url.startsWith('/api/user/info')) return Response.json({ code: 1, msg: 'ok', data: TRADER });
  if (url.startsWith('/api/user/invite_list'))
    return Response.json({ code: 1, msg: 'ok', data: invitees });
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/mine/invite']}>
        <InvitePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  // The Toast loads on first use; load it (the mock above) now so that a call shows at once.
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ token: 'session-token', user: TRADER });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
});

describe('InvitePage', () => {
  it('shows the code and the link, and copies the link', async () => {
    invitees = { data: [], total: 0 };
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage();
    expect((await screen.findByTestId('invite-code')).textContent).toBe('Y9GAVF');
    const link = `${window.location.origin}/#/register?invite_code=Y9GAVF`;
    expect(screen.getByTestId('invite-link').textContent).toBe(link);
    fireEvent.click(screen.getByTestId('invite-copy-link'));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    await vi.waitFor(() =>
      expect(vi.mocked(Toast.show)).toHaveBeenCalledWith({ content: 'Copied' }),
    );
    expect(await screen.findByText('No one has registered with your code yet')).toBeDefined();
  });

  it('lists invitees as the server masked them, with date and verification', async () => {
    invitees = {
      data: [
        { contact: '+852 91****67', created_at: '2026-11-02 12:01:00', verified: 0 },
        { contact: 'a***@example.com', created_at: '2026-11-01 08:00:00', verified: 1 },
      ],
      total: 2,
    };
    renderPage();
    const rows = await screen.findAllByTestId('invitee-row');
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.querySelector('[data-testid=invitee-contact]')?.textContent)).toEqual([
      '+852 91****67',
      'a***@example.com',
    ]);
    expect(screen.getAllByTestId('invitee-verified').map((tag) => tag.textContent)).toEqual([
      'Not verified',
      'Verified',
    ]);
    expect(screen.getByTestId('invitee-total').textContent).toBe('2 in total');
  });
});
