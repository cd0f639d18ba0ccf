import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { STORAGE_KEY } from '../../../i18n/locale-bundles.ts';
import en from '../../../i18n/locales/en.json';
import { CategoryChips } from './category-chips.tsx';

// The server names the categories in the language of the `lang` header.
const NAMES: Record<string, string[]> = {
  en: ['Forex', 'Metals'],
  ar: ['الفوركس', 'المعادن'],
};
const asked: string[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const lang = new Headers(init?.headers).get('lang') ?? '';
  asked.push(`${new URL(String(input), 'http://x').pathname} ${lang}`);
  const names = NAMES[lang] ?? [];
  return Response.json({
    code: 1,
    msg: 'ok',
    data: names.map((name, index) => ({ Id: index + 1, NameShowTrans: name })),
  });
});

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.removeItem(STORAGE_KEY);
});

describe('category chips', () => {
  it('are named again in the language the reader switches to, not kept from the cache', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <CategoryChips value={undefined} onChange={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Forex' })).toBeTruthy();
    await act(() => changeLanguage('ar'));
    expect(await screen.findByRole('button', { name: 'الفوركس' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forex' })).toBeNull();
    expect(asked).toEqual(['/v1/api/forex/getCategories en', '/v1/api/forex/getCategories ar']);
    await act(() => changeLanguage('en'));
  });
});
