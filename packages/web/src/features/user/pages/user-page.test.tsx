import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { BasicInfo, ForexDetail, User } from '@tradedesk/contract';
import { Toast } from 'antd-mobile';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { loadToast } from '../../../lib/toast.ts';
// Dialogs (customer service, logout) render for real, through the app's React 19 renderer.
import '../../../lib/antd-react19.ts';
import { usePreferences } from '../../../stores/preferences-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { TRADER } from '../../../testing/trader.ts';
import { UserPage } from './user-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

let user: User;
/** forexDetail: no positions unless a test opens one. */
const NO_POSITION: ForexDetail = {
  balance: 100,
  lock_balance: 0,
  net_value: 100,
  available_prepayment: 100,
  current_margin: 0,
  risk_rate: 0,
  prepayment_ratio: 0,
  available_assets: 100,
  stop_out_level: 50,
  margin_call_level: 100,
  stop_out_at: null,
};
let forexDetail = NO_POSITION;
/** getBasicInfo as the page reads it (complaint address, service link); tests change it. */
let basicInfo: Partial<BasicInfo> = {};
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url.startsWith('/api/user/info')) return Response.json({ code: 1, msg: 'ok', data: user });
  if (url.startsWith('/api/basicSet/getBasicInfo')) {
    return Response.json({ code: 1, msg: 'ok', data: basicInfo });
  }
  if (url.startsWith('/v1/api/main/wallet/getBalance')) {
    const { balance, lock_balance } = forexDetail;
    return Response.json({ code: 1, msg: 'ok', data: { balance, lock_balance } });
  }
  if (url.startsWith('/v1/api/main/account/forexDetail')) {
    return Response.json({ code: 1, msg: 'ok', data: forexDetail });
  }
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/user']}>
        <Routes>
          <Route path="/user" element={<UserPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Every web locale, to check that each names the two complaint rows apart. */
const LOCALES = import.meta.glob<Record<string, string>>('../../../i18n/locales/*.json', {
  import: 'default',
  eager: true,
});

const toastContents = () =>
  vi
    .mocked(Toast.show)
    .mock.calls.map(([props]) => (typeof props === 'string' ? props : String(props.content ?? '')));

beforeAll(async () => {
  // The Toast loads on first use; load it (the mock above) now so that a call shows at once.
  await loadToast();
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
});

describe('UserPage funding entries', () => {
  it.each([
    ['menu-charge', '/mine/charge'],
    ['menu-withdraw', '/mine/withdraw'],
    ['menu-wallet', '/mine/wallet'],
  ])('%s leads a real account to %s', async (testId, path) => {
    user = TRADER;
    useSessionStore.setState({ token: 'session-token', user });
    renderPage();
    fireEvent.click(await screen.findByTestId(testId));
    expect((await screen.findByTestId('where')).textContent).toBe(path);
    expect(toastContents()).toEqual([]);
  });

  it.each(['menu-charge', 'menu-withdraw', 'menu-wallet'])(
    '%s tells a demo account to use a real one, and stays',
    async (testId) => {
      user = { ...TRADER, is_demo: 1 };
      useSessionStore.setState({ token: 'session-token', user });
      renderPage();
      fireEvent.click(await screen.findByTestId(testId));
      expect(toastContents()).toEqual(['Please register or log in to a real account']);
      expect(screen.queryByTestId('where')).toBeNull();
      expect(screen.getByTestId(testId)).toBeDefined();
    },
  );
});

describe('UserPage entries of SPEC.md §2', () => {
  const asReal = () => {
    user = TRADER;
    useSessionStore.setState({ token: 'session-token', user });
  };
  const asDemo = () => {
    user = { ...TRADER, is_demo: 1 };
    useSessionStore.setState({ token: 'session-token', user });
  };
  afterEach(() => {
    basicInfo = {};
    vi.restoreAllMocks();
  });

  it.each([
    ['menu-invite', '/mine/invite'],
    ['menu-copy-consent', '/mine/copy-consent'],
    ['menu-password', '/mine/password'],
    ['menu-identity', '/mine/auth'],
    ['menu-email', '/mine/email'],
    ['menu-announcement', '/mine/announcement'],
    ['menu-language', '/language'],
    ['menu-system', '/mine/system'],
    ['fact-complaint-email', '/mine/email'],
  ])('%s leads a real account to %s', async (testId, path) => {
    asReal();
    renderPage();
    fireEvent.click(await screen.findByTestId(testId));
    expect((await screen.findByTestId('where')).textContent).toBe(path);
    expect(toastContents()).toEqual([]);
  });

  it.each(['menu-invite', 'menu-copy-consent', 'menu-password', 'menu-identity'])(
    '%s tells a demo account to use a real one, and stays',
    async (testId) => {
      asDemo();
      renderPage();
      fireEvent.click(await screen.findByTestId(testId));
      expect(toastContents()).toEqual(['Please register or log in to a real account']);
      expect(screen.queryByTestId('where')).toBeNull();
    },
  );

  it.each([
    ['menu-email', '/mine/email'],
    ['menu-announcement', '/mine/announcement'],
  ])('%s is open to a demo account too (%s)', async (testId, path) => {
    asDemo();
    renderPage();
    fireEvent.click(await screen.findByTestId(testId));
    expect((await screen.findByTestId('where')).textContent).toBe(path);
  });

  it('shows the complaint address and the credit score', async () => {
    basicInfo = { complaint_email: 'complaints@example.com' };
    asReal();
    renderPage();
    expect((await screen.findByTestId('fact-complaint-email')).textContent).toContain(
      'complaints@example.com',
    );
    expect(screen.getByText('Credit score').closest('.adm-list-item')?.textContent).toContain(
      '100',
    );
  });

  it('names the complaint address once: the entry to /mine/email says "Complaints"', async () => {
    basicInfo = { complaint_email: 'complaints@example.com' };
    asReal();
    renderPage();
    await screen.findByTestId('fact-complaint-email');
    expect(screen.getAllByText('Complaint e-mail')).toHaveLength(1);
    expect(screen.getByTestId('menu-email').textContent).toBe('Complaints');
  });

  it.each(Object.entries(LOCALES))('%s names the two complaint rows apart', (_file, messages) => {
    expect(messages['user.email']).not.toBe(messages['user.complaint_email']);
  });

  it('copies the invite link (origin + /#/register?invite_code=) for a real account only', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    asReal();
    renderPage();
    fireEvent.click(await screen.findByTestId('fact-invite-code'));
    await vi.waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `${window.location.origin}/#/register?invite_code=Y9GAVF`,
      ),
    );
    await vi.waitFor(() => expect(toastContents()).toEqual(['Copied']));
    cleanup();
    asDemo();
    renderPage();
    await screen.findByTestId('menu-invite');
    expect(screen.queryByTestId('fact-invite-code')).toBeNull();
  });

  it('offers the demo reset to a demo account only', async () => {
    asDemo();
    renderPage();
    expect(await screen.findByTestId('reset-demo')).toBeDefined();
    cleanup();
    asReal();
    renderPage();
    await screen.findByTestId('menu-invite');
    expect(screen.queryByTestId('reset-demo')).toBeNull();
  });

  it('customer service type 2 shows the link in a dialog with a copy button', async () => {
    basicInfo = { service_link: 'https://chat.example.com/room', service_link_type: 2 };
    asReal();
    renderPage();
    await vi.waitFor(async () => {
      fireEvent.click(await screen.findByTestId('menu-service'));
      expect(screen.getByTestId('service-dialog-link').textContent).toBe(
        'https://chat.example.com/room',
      );
    });
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('customer service type 3 opens the link outside the app, without an opener', async () => {
    basicInfo = { service_link: 'https://chat.example.com/room', service_link_type: 3 };
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    asReal();
    renderPage();
    await vi.waitFor(async () => {
      fireEvent.click(await screen.findByTestId('menu-service'));
      expect(open).toHaveBeenCalledWith(
        'https://chat.example.com/room',
        '_blank',
        'noopener,noreferrer',
      );
    });
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('customer service of any other type opens the in-app chat', async () => {
    basicInfo = { service_link: 'https://chat.example.com/room', service_link_type: 1 };
    asDemo();
    renderPage();
    fireEvent.click(await screen.findByTestId('menu-service'));
    expect((await screen.findByTestId('where')).textContent).toBe('/mine/chat');
  });

  it('asks before logging out', async () => {
    asReal();
    renderPage();
    fireEvent.click(await screen.findByText('Log out'));
    expect(await screen.findByText('Do you want to log out?')).toBeDefined();
    expect(useSessionStore.getState().token).toBe('session-token');
  });
});

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance([r, g, b]: readonly number[]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
}
const contrast = (a: readonly number[], b: readonly number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
/** `top` at `alpha` over `under`, as the browser composites it. */
const over = (top: readonly number[], under: readonly number[], alpha: number) =>
  top.map((c, i) => alpha * c + (1 - alpha) * (under[i] ?? 0));

/**
 * What sits under the badge, from styles.css: the account card runs from #10213f to the
 * primary blue (--adm-color-primary #175cd3), and the meta line is drawn at 90 % opacity.
 */
const CARD_STOPS = ['#10213f', '#175cd3'];
const APP_COLOURS: Record<string, string> = { '--adm-color-primary': '#175cd3' };
const META_OPACITY = 0.9;

/** A tag's colour variable as the app resolves it: var(--x, fallback) by the app's :root. */
function resolve(value: string): string | 'transparent' {
  const named = /^var\((--[\w-]+),\s*(#[0-9a-f]{6})\)$/i.exec(value.trim());
  if (named) return APP_COLOURS[named[1] ?? ''] ?? named[2] ?? '';
  return value.trim();
}

describe('UserPage account card', () => {
  it('shows the Real account badge at 4.5:1 or more wherever the card’s gradient is', async () => {
    user = TRADER;
    useSessionStore.setState({ token: 'session-token', user });
    renderPage();
    const badge = (await screen.findByText('Real account')).closest<HTMLElement>('.adm-tag');
    const text = resolve(badge?.style.getPropertyValue('--text-color') ?? '');
    const fill = resolve(badge?.style.getPropertyValue('--background-color') ?? '');
    expect(text).toMatch(/^#[0-9a-f]{6}$/i);
    const ratios = CARD_STOPS.map((stop) => {
      const card = rgb(stop);
      const background = fill === 'transparent' ? card : over(rgb(fill), card, META_OPACITY);
      return contrast(over(rgb(text), card, META_OPACITY), background);
    });
    // Primary blue on white through 90 % opacity: 5.44:1 on #10213f, 5.17:1 on #175cd3
    // (the outline tag before: 2.68:1 and 1:1).
    expect(Math.min(...ratios)).toBeGreaterThanOrEqual(4.5);
  });

  it('says "Demo account" once to a demo account, and gives it no real-account badge', async () => {
    user = { ...TRADER, is_demo: 1, email: null };
    useSessionStore.setState({ token: 'session-token', user });
    renderPage();
    expect((await screen.findByTestId('account-name')).textContent).toBe('Demo account');
    expect(screen.getAllByText('Demo account')).toHaveLength(1);
    expect(screen.queryByText('Real account')).toBeNull();
    expect(screen.getByTestId('account-card').textContent).toContain('UID 55926381');
  });

  it('lets the complaint address wrap after its @, not its label', async () => {
    basicInfo = { complaint_email: 'complaints@tradedesk.example' };
    user = TRADER;
    useSessionStore.setState({ token: 'session-token', user });
    renderPage();
    const row = await screen.findByTestId('fact-complaint-email');
    await vi.waitFor(() => expect(row.textContent).toContain('complaints@tradedesk.example'));
    const value = row.querySelector('.adm-list-item-content-extra [dir="ltr"]');
    expect(value?.innerHTML).toBe('complaints@<wbr>tradedesk.example');
    // The label is plain text: nothing in it asks for a break inside a word.
    expect(row.querySelector('.adm-list-item-content-main')?.innerHTML).toBe('Complaint e-mail');
    basicInfo = {};
  });
});

describe('UserPage account figures', () => {
  /** forexDetail after a 1-lot EURUSD buy at 1.08508, 1:100, marked at 1.08500. */
  const WITH_POSITION: ForexDetail = {
    balance: 98_914.37746,
    lock_balance: 0,
    net_value: 99_991.45746,
    available_prepayment: 98_906.37746,
    current_margin: 1085.08,
    risk_rate: 1.09,
    prepayment_ratio: 9215.12,
    available_assets: 98_906.37746,
    stop_out_level: 50,
    margin_call_level: 100,
    stop_out_at: null,
  };
  beforeEach(() => {
    user = TRADER;
    useSessionStore.setState({ token: 'session-token', user });
  });
  afterEach(() => {
    forexDetail = NO_POSITION;
    usePreferences.setState({ hideBalance: false });
  });
  const answered = async (testId: string) => {
    const cell = await screen.findByTestId(testId);
    await waitFor(() => expect(cell.textContent).not.toBe('—'));
    return cell;
  };

  it("shows the available balance, MT5's other four figures and the stop-out level", async () => {
    forexDetail = WITH_POSITION;
    renderPage();
    expect((await answered('balance-value')).textContent).toBe('98,914.38');
    expect(screen.getByTestId('balance-card').textContent).toContain('Available balance (USD)');
    expect((await answered('account-equity')).textContent).toBe('99,991.46');
    expect(screen.getByTestId('account-margin').textContent).toBe('1,085.08');
    expect(screen.getByTestId('account-free-margin').textContent).toBe('98,906.38');
    expect(screen.getByTestId('account-margin-level').textContent).toBe('9,215.12%');
    expect(screen.getByTestId('account-stop-out').textContent).toBe('50.00%');
    const figures = screen.getByTestId('account-figures');
    for (const label of ['Equity', 'Margin', 'Free margin', 'Margin level', 'Stop-out level']) {
      expect(figures.textContent).toContain(label);
    }
    expect(screen.getByTestId('account-free-margin').getAttribute('dir')).toBe('ltr');
    expect(screen.queryByTestId('account-margin-call')).toBeNull();
  });

  it('shows no margin level without open positions', async () => {
    renderPage();
    expect((await answered('account-equity')).textContent).toBe('100.00');
    expect(screen.getByTestId('account-margin-level').textContent).toBe('—');
    expect(screen.queryByTestId('account-margin-call')).toBeNull();
  });

  it('shows a margin call in colour and words, with where stop-out would come', async () => {
    forexDetail = {
      ...WITH_POSITION,
      net_value: 759.56,
      prepayment_ratio: 70,
      stop_out_at: { Id: 1, Code: 'EURUSD', PricePrecision: 5, Price: 1.07012 },
    };
    renderPage();
    const level = await answered('account-margin-level');
    expect(level.textContent).toBe('70.00%');
    expect(level.parentElement?.classList.contains('margin-call')).toBe(true);
    expect(screen.getByTestId('account-margin-call').textContent).toBe(
      'Margin callMargin level 70.00% is below the margin call level of 100.00%.Stop-out if EURUSD reaches 1.07012',
    );
    expect(screen.getByTestId('account-stop-out-at').textContent).toBe(
      'Stop-out if EURUSD reaches 1.07012',
    );
  });

  it('hides the figures with the balance, but not the stop-out level', async () => {
    forexDetail = WITH_POSITION;
    usePreferences.setState({ hideBalance: true });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('account-stop-out').textContent).toBe('50.00%'));
    expect(screen.getByTestId('account-equity').textContent).toBe('******');
    expect(screen.getByTestId('account-margin-level').textContent).toBe('******');
  });
});
