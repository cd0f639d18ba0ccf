import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type LeaderSettings, ROUTES } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import '../../../lib/antd-react19.ts';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { loadToast } from '../../../lib/toast.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { fakeServer, type SentRequest } from '../../../testing/copying.ts';
import { TRADER } from '../../../testing/trader.ts';
import { CopyConsentPage } from './copy-consent-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

/** A trader who never chose: both off, nobody copying, no closed position yet. */
const NEVER_CHOSEN: LeaderSettings = {
  listed: 0,
  copyable: 0,
  changed_at: null,
  hidden: 0,
  ranked: 0,
  followers: 0,
  demo_followers: 0,
};
const CHANGED_AT = Date.UTC(2025, 10, 3, 14, 5);

let settings: LeaderSettings;
let sent: SentRequest[];
const saves = () =>
  sent.filter((r) => r.path === ROUTES.setFollowSettings.path && r.method === 'POST');

beforeAll(async () => {
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  settings = NEVER_CHOSEN;
  const server = fakeServer({
    [ROUTES.followSettings.path]: ({ method, fields }) => {
      if (method === 'POST') {
        // As the server stores it: copyable needs listed.
        const listed = fields.listed === '1' ? 1 : 0;
        const copyable = listed === 1 && fields.copyable === '1' ? 1 : 0;
        settings = { ...settings, listed, copyable, changed_at: CHANGED_AT };
      }
      return settings;
    },
  });
  sent = server.sent;
  vi.stubGlobal('fetch', server.fetch);
  useSessionStore.setState({ token: 'session-token', user: TRADER });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
  useSessionStore.setState({ token: null, user: null });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/mine/copy-consent']}>
        <CopyConsentPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const listedSwitch = () => screen.getByRole('switch', { name: en['consent.listed'] });
const copyableSwitch = () => screen.getByRole('switch', { name: en['consent.copyable'] });
const isOn = (element: HTMLElement) => element.getAttribute('aria-checked') === 'true';
const isDisabled = (element: HTMLElement) => element.getAttribute('aria-disabled') === 'true';
const saveButton = () => screen.getByTestId('consent-save') as HTMLButtonElement;
const toastContents = () =>
  vi
    .mocked(Toast.show)
    .mock.calls.map(([props]) => (typeof props === 'string' ? props : String(props.content ?? '')));
const shownIn = (testId: string) => screen.getByTestId(testId).querySelector('dd')?.textContent;

describe('CopyConsentPage', () => {
  it('starts with both off, copyable locked until listed, and says what each shows', async () => {
    renderPage();
    await screen.findByTestId('consent-status');
    expect(isOn(listedSwitch())).toBe(false);
    expect(isOn(copyableSwitch())).toBe(false);
    expect(isDisabled(copyableSwitch())).toBe(true);
    expect(screen.getByTestId('consent-needs-listed').textContent).toBe(
      en['consent.copyable_needs_listed'],
    );
    expect(screen.getByTestId('consent-listed-points').textContent).toContain(
      en['consent.listed_positions'],
    );
    expect(screen.getByTestId('consent-listed-points').textContent).toContain(
      'Your e-mail or mobile number, masked (like ab***@***.com)',
    );
    expect(screen.getByTestId('consent-copyable-points').textContent).toContain(
      en['consent.copyable_off'],
    );
    expect(shownIn('consent-changed-at')).toBe(en['consent.never_changed']);
    expect(screen.getByTestId('consent-not-ranked').textContent).toBe(en['consent.not_ranked']);
    expect(screen.queryByTestId('consent-hidden')).toBeNull();
    // Nothing chosen yet, nothing to save.
    expect(saveButton().disabled).toBe(true);
  });

  it('a tap on the locked copyable switch changes nothing', async () => {
    renderPage();
    await screen.findByTestId('consent-status');
    fireEvent.click(copyableSwitch());
    expect(isOn(copyableSwitch())).toBe(false);
    expect(saveButton().disabled).toBe(true);
  });

  it('opts in: listed unlocks copyable, Save sends both and says it saved', async () => {
    renderPage();
    await screen.findByTestId('consent-status');
    fireEvent.click(listedSwitch());
    expect(isDisabled(copyableSwitch())).toBe(false);
    expect(screen.queryByTestId('consent-needs-listed')).toBeNull();
    fireEvent.click(copyableSwitch());
    expect(isOn(copyableSwitch())).toBe(true);
    await act(async () => fireEvent.click(saveButton()));

    await waitFor(() => expect(toastContents()).toContain(en['consent.saved']));
    expect(saves().map((r) => r.fields)).toEqual([{ listed: '1', copyable: '1' }]);
    expect(isOn(listedSwitch())).toBe(true);
    expect(isOn(copyableSwitch())).toBe(true);
    expect(shownIn('consent-changed-at')).toBe(formatLocalDateTime(CHANGED_AT));
    expect(saveButton().disabled).toBe(true);
  });

  it('lists without copying: copyable stays off in what is sent', async () => {
    renderPage();
    await screen.findByTestId('consent-status');
    fireEvent.click(listedSwitch());
    await act(async () => fireEvent.click(saveButton()));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.fields).toEqual({ listed: '1', copyable: '0' });
  });

  it('turning listed off turns copyable off and locks it again, and opts out of both', async () => {
    settings = { ...NEVER_CHOSEN, listed: 1, copyable: 1, changed_at: CHANGED_AT, ranked: 1 };
    renderPage();
    await screen.findByTestId('consent-status');
    expect(isOn(copyableSwitch())).toBe(true);
    fireEvent.click(listedSwitch());
    expect(isOn(copyableSwitch())).toBe(false);
    expect(isDisabled(copyableSwitch())).toBe(true);
    // Listed again: copyable is the trader's own choice once more, not turned back on.
    fireEvent.click(listedSwitch());
    expect(isOn(copyableSwitch())).toBe(false);
    fireEvent.click(listedSwitch());
    await act(async () => fireEvent.click(saveButton()));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.fields).toEqual({ listed: '0', copyable: '0' });
  });

  it('shows who copies now, real and demo apart, and why the ranking may not show the trader', async () => {
    settings = {
      ...NEVER_CHOSEN,
      listed: 1,
      copyable: 1,
      changed_at: CHANGED_AT,
      hidden: 1,
      ranked: 1,
      followers: 3,
      demo_followers: 2,
    };
    renderPage();
    await screen.findByTestId('consent-status');
    expect(shownIn('consent-followers')).toBe('3');
    expect(shownIn('consent-demo-followers')).toBe('2');
    expect(shownIn('consent-changed-at')).toBe(formatLocalDateTime(CHANGED_AT));
    expect(shownIn('consent-changed-at')).toMatch(/^2025-11-0[34] \d\d:\d\d GMT[+-]\d/);
    expect(screen.getByTestId('consent-hidden').textContent).toBe(en['consent.hidden']);
    expect(screen.queryByTestId('consent-not-ranked')).toBeNull();
  });
});
