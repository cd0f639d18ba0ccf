import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../i18n/locales/en.json';
import { notFoundPage, RouteErrorBoundary } from './route-error-boundary.tsx';

function Broken(): never {
  throw new Error('the page broke');
}

function Fine() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/broken')}>
      fine page
    </button>
  );
}

function renderAt(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <nav>the tabs</nav>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/" element={<Fine />} />
          <Route path="/broken" element={<Broken />} />
          <Route path="*" element={notFoundPage} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RouteErrorBoundary', () => {
  it('shows the error page in place of a page that throws, and the next address renders again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/broken');
    expect(await screen.findByText('This page could not be shown.')).toBeDefined();
    expect(screen.getByText('the tabs')).toBeDefined();
    expect(logged.mock.calls.flat()).toContainEqual(new Error('the page broke'));

    fireEvent.click(screen.getByRole('button', { name: 'Back to quotes' }));
    expect(await screen.findByRole('button', { name: 'fine page' })).toBeDefined();
    expect(screen.queryByText('This page could not be shown.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'fine page' }));
    expect(await screen.findByText('This page could not be shown.')).toBeDefined();
  });

  it('says an unknown address does not exist', async () => {
    renderAt('/nowhere');
    expect(await screen.findByText('This page does not exist.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Back to quotes' })).toBeDefined();
  });
});
