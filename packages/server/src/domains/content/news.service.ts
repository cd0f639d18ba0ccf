import {
  type Language,
  NEWS_PAGE_SIZE,
  NEWS_STATUS,
  type NewsCategoryId,
  type NewsInfo,
  type NewsList,
  PAGE_SIZE,
} from '@tradedesk/contract';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { NewsRepository } from './news.repository.ts';
import { createNewsEditing } from './news-editing.ts';
import { pickText, readingOrder } from './news-text.ts';
import { adminArticle, itemOf, rowOf } from './news-views.ts';

/**
 * News and announcements: what traders read (published only, in their language with a
 * fallback) and what the editor does (drafts, every language, publish and pin: news-editing.ts).
 */
export function createNewsService(deps: {
  /** On the module's root database: what reads outside an editor's change. */
  news: NewsRepository;
  transact: Transact;
  now: () => number;
}) {
  const repo = deps.news;
  return {
    async list(categoryId: NewsCategoryId, page: number, lang: Language): Promise<NewsList> {
      const { rows, total } = await repo.published(categoryId, page, NEWS_PAGE_SIZE);
      const texts = await repo.texts(
        rows.map((r) => r.id),
        readingOrder(lang),
      );
      const data = rows.flatMap((article) => {
        const text = pickText(
          texts.filter((t) => t.articleId === article.id),
          lang,
        );
        // Publishing requires an en or hk text, so this never drops a row; it guards the type.
        return text ? [itemOf(article, text)] : [];
      });
      return { data, total };
    },

    async info(id: number, lang: Language): Promise<NewsInfo> {
      const article = await repo.find(id);
      // A draft answers exactly as a missing article: traders learn nothing of unpublished work.
      if (article?.status !== NEWS_STATUS.published) throw new AppError('NEWS_NOT_FOUND');
      const text = pickText(await repo.texts([id], readingOrder(lang)), lang);
      if (!text) throw new AppError('NEWS_NOT_FOUND');
      return { ...itemOf(article, text), content: text.content };
    },

    async adminList(filter: { category_id?: number; status?: number; page: number }) {
      const { rows, total } = await repo.all(
        { categoryId: filter.category_id, status: filter.status },
        filter.page,
        PAGE_SIZE,
      );
      const texts = await repo.texts(rows.map((r) => r.id));
      return {
        data: rows.map((a) =>
          rowOf(
            a,
            texts.filter((t) => t.articleId === a.id),
          ),
        ),
        total,
      };
    },

    article: (id: number) => adminArticle(repo, id),

    ...createNewsEditing(deps),
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
