import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
// As main.tsx does: the toast of a refused call renders with React 19.
import '../../../lib/antd-react19.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {/* What tapping a link to origin/#/register?invite_code= does inside the app. */}
        <Link to="/register?invite_code=Y9GAVF">invite link</Link>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/login" element={<Link to="/register">{en['login.register']}</Link>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const inviteField = () => document.querySelector<HTMLInputElement>('input[name="invite_code"]');

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  sessionStorage.clear();
  // The form's settings (area list, basic info) are not needed to fill the invite code.
  vi.stubGlobal('fetch', async () => Response.json({ code: 404, msg: 'none', data: null }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RegisterPage invite code', () => {
  it('takes the code of an invite link opened in the app while /register is on screen', async () => {
    renderAt('/register');
    await screen.findByRole('heading', { name: en['register.title'] });
    expect(inviteField()?.value).toBe('');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'invite link' })));
    expect(inviteField()?.value).toBe('Y9GAVF');
  });

  it("keeps the link's code through a detour to /login and back by its Register link", async () => {
    renderAt('/register?invite_code=Y9GAVF');
    expect(inviteField()?.value).toBe('Y9GAVF');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: en['login.submit'] })));
    await act(async () =>
      fireEvent.click(screen.getByRole('link', { name: en['login.register'] })),
    );
    await screen.findByRole('heading', { name: en['register.title'] });
    expect(inviteField()?.value).toBe('Y9GAVF');
  });

  it('lets the visitor edit or clear the code the link gave', async () => {
    renderAt('/register?invite_code=Y9GAVF');
    const field = inviteField() as HTMLInputElement;
    await act(async () => fireEvent.change(field, { target: { value: '' } }));
    expect(inviteField()?.value).toBe('');
  });
});

/** Where the app is: the path the router shows. */
function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function fill(name: string, value: string) {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no ${name} field`);
  fireEvent.change(input, { target: { value } });
}

describe('RegisterPage after the account is opened', () => {
  const user = {
    id: 5,
    uid: '800005',
    email: 'new@example.com',
    mobile: null,
    area_id: null,
    is_demo: 0,
    credit_score: 100,
    invite_code: 'ABC123',
  };
  let sent: { path: string; body: Record<string, unknown> }[];

  /** A server that registers anyone and answers a login as `login` says. */
  function server(login: { code: number; msg: string; data: unknown }) {
    sent = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      // The client posts forms (SPEC.md §7: form-urlencoded).
      sent.push({ path, body: Object.fromEntries(new URLSearchParams(String(init?.body ?? ''))) });
      if (path === '/api/user/register')
        return Response.json({ code: 1, msg: 'Registered', data: null });
      if (path === '/api/user/loginForU') return Response.json(login);
      return Response.json({ code: 404, msg: 'none', data: null });
    });
  }

  function renderRegister() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/register']}>
          <Where />
          <Routes>
            <Route path="/" element={<p>home</p>} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/login" element={<LoginPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  async function submit() {
    fill('email', 'new@example.com');
    fill('password', 'journey-pass');
    fill('re_password', 'journey-pass');
    fill('code', '123456');
    await act(async () => {
      fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    });
  }

  beforeEach(() => useSessionStore.getState().clear());

  it('logs the new trader in with what was typed and goes home', async () => {
    server({ code: 1, msg: '', data: { token: 'fresh-token', user } });
    renderRegister();
    await submit();
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(useSessionStore.getState().token).toBe('fresh-token');
    expect(useSessionStore.getState().user?.email).toBe('new@example.com');
    const login = sent.find((call) => call.path === '/api/user/loginForU');
    expect(login?.body).toMatchObject({ account: 'new@example.com', password: 'journey-pass' });
  });

  it('opens the login form with the account filled in when that login is refused', async () => {
    server({ code: 1015, msg: 'Too many attempts', data: null });
    renderRegister();
    await submit();
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(document.querySelector<HTMLInputElement>('input[name="account"]')?.value).toBe(
      'new@example.com',
    );
    expect(useSessionStore.getState().token).toBeNull();
  });
});
