import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type Language,
  NEWS_CATEGORIES,
  type NewsCategoryId,
  type NewsList,
} from '@tradedesk/contract';
import { useLanguage } from '../../../i18n/use-language.ts';
import { api } from '../../../lib/api-client.ts';
import { nextNewsPage } from '../lib/news-logic.ts';

/** Roots of the news queries; the language is part of each key, so a switch reads again. */
export const NEWS_QUERY_ROOTS = { list: 'news-list', info: 'news-info' } as const;

/** Published articles of a category, pinned first then newest, page by page. */
export function useNewsList(categoryId: NewsCategoryId) {
  const lang = useLanguage();
  return useInfiniteQuery({
    queryKey: [NEWS_QUERY_ROOTS.list, categoryId, lang],
    queryFn: ({ pageParam, signal }) =>
      api('newsList', { category_id: categoryId, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: NewsList, pages: NewsList[]) => nextNewsPage(pages.length, last.total),
  });
}

/** One article; the blocking loading indicator shows while it is read (SPEC.md §7). */
export function useNewsInfo(id: number | null) {
  const lang = useLanguage();
  return useQuery({
    queryKey: [NEWS_QUERY_ROOTS.info, id, lang],
    queryFn: ({ signal }) => api('newsInfo', { id: id ?? 0 }, { signal, loading: true }),
    enabled: id !== null,
    retry: false,
  });
}

/** The first page of announcements in `lang`, for home's banner; quiet when it cannot be read. */
export function announcementsHeadQuery(lang: Language) {
  return queryOptions({
    queryKey: [NEWS_QUERY_ROOTS.list, NEWS_CATEGORIES.announcement, lang, 'head'],
    queryFn: ({ signal }) =>
      api(
        'newsList',
        { category_id: NEWS_CATEGORIES.announcement, page: 1 },
        { signal, silent: true },
      ),
    staleTime: 60_000,
  });
}

export function useAnnouncementsHead() {
  return useQuery(announcementsHeadQuery(useLanguage()));
}
