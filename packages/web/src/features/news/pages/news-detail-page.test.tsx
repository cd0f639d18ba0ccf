import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { NewsInfo, NewsList } from '@tradedesk/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/locales/en.json';
import { loadToast } from '../../../lib/toast.ts';
import { HomeAnnouncement } from '../components/home-announcement.tsx';
import { NewsDetailPage } from './news-detail-page.tsx';

vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('antd-mobile')>()),
  Toast: { show: vi.fn(), clear: vi.fn() },
}));

const ARTICLE: NewsInfo = {
  id: 7,
  title: 'الخدمات غير متاحة',
  desc: 'ملخص',
  logo: '/api/news/image/news-seed-restricted-regions.png',
  created_at: '2026-10-24 09:00:00',
  pinned: 1,
  category_id: 2,
  lang: 'ar',
  content:
    '<h2>عنوان</h2><p>نص <a href="https://example.com" rel="noopener noreferrer" target="_blank">رابط</a></p>',
};

let announcements: NewsList;
const asked: string[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = new URL(String(input), 'http://x');
  asked.push(url.pathname + url.search);
  if (url.pathname === '/api/news/info') {
    return url.searchParams.get('id') === '7'
      ? Response.json({ code: 1, msg: 'ok', data: ARTICLE })
      : Response.json({ code: 6001, msg: 'This article does not exist', data: null });
  }
  if (url.pathname === '/api/news/list')
    return Response.json({ code: 1, msg: 'ok', data: announcements });
  return Response.json({ code: 404, msg: 'not found', data: null });
});

function renderAt(at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/news/detail" element={<NewsDetailPage />} />
          <Route path="/" element={<HomeAnnouncement />} />
        </Routes>
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
  asked.length = 0;
  announcements = { data: [], total: 0 };
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('news detail', () => {
  it('renders the stored HTML in the article language, its direction taken from the text', async () => {
    renderAt('/news/detail?id=7');
    const article = await screen.findByTestId('news-article');
    expect(article.getAttribute('lang')).toBe('ar');
    const content = article.querySelector('.news-content');
    expect(content?.getAttribute('dir')).toBe('auto');
    expect(content?.querySelector('h2')?.textContent).toBe('عنوان');
    expect(content?.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(asked[0]).toMatch(/^\/api\/news\/info\?id=7&/);
  });

  it('says the article is missing for a bad id without asking, and for an unknown one', async () => {
    renderAt('/news/detail?id=abc');
    expect(await screen.findByTestId('news-missing')).toBeTruthy();
    expect(asked).toEqual([]);
    cleanup();
    renderAt('/news/detail?id=8');
    expect(await screen.findByTestId('news-missing')).toBeTruthy();
  });
});

describe('home banner', () => {
  it('links the newest pinned announcement, else the news list with the built-in notice', async () => {
    announcements = {
      data: [
        { ...ARTICLE, id: 9, title: 'Newest pinned', lang: 'en' },
        { ...ARTICLE, id: 7, title: 'Older pinned', lang: 'en' },
      ],
      total: 2,
    };
    renderAt('/');
    await screen.findByText('Newest pinned');
    expect(screen.getByTestId('home-announcement').getAttribute('href')).toBe('/news/detail?id=9');
    cleanup();
    announcements = { data: [{ ...ARTICLE, pinned: 0 }], total: 1 };
    renderAt('/');
    await screen.findByText(en['home.announcement']);
    expect(screen.getByTestId('home-announcement').getAttribute('href')).toBe('/news');
  });
});
