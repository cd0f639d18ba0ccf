import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveNewsRequest } from '@tradedesk/contract/admin';
import { type AdminParamsOf, adminApi, adminUploadFile } from '../../../lib/admin-api.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export type NewsListParams = AdminParamsOf<'newsArticles'>;

/** Every article of the filters, drafts too, with the languages each has. */
export function useNewsArticles(params: NewsListParams) {
  return useQuery({
    queryKey: adminKeys.newsList(params),
    queryFn: ({ signal }) => adminApi('newsArticles', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One article with every text, for the editor; nothing is read for a new one. */
export function useNewsArticle(id: number | undefined) {
  return useQuery({
    queryKey: adminKeys.newsArticle(id ?? 0),
    queryFn: ({ signal }) => adminApi('newsArticle', { id: id ?? 0 }, { signal }),
    enabled: id !== undefined,
  });
}

/** Every write changes the list, the article and the audit log. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.news }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
    ]);
}

export function useSaveNews() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (params: SaveNewsRequest) =>
      adminApi('saveNews', params as AdminParamsOf<'saveNews'>),
    onSettled: refresh,
  });
}

export function usePublishNews() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (params: { id: number; published: 0 | 1 }) => adminApi('publishNews', params),
    onSettled: refresh,
  });
}

export function usePinNews() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (params: { id: number; pinned: 0 | 1 }) => adminApi('pinNews', params),
    onSettled: refresh,
  });
}

/** Uploads a cover; the answer is its public URL. */
export function uploadCover(file: Blob) {
  return adminUploadFile('newsCover', file);
}
