import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
// As main.tsx does: the toast of a refused call renders with React 19.
import '../../../lib/antd-react19.ts';
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
