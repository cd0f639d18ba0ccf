import {
  type Language,
  NEWS_STATUS,
  type NewsCategoryId,
  type NewsStatus,
} from '@tradedesk/contract';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { ContentTables } from './tables.ts';

export interface ArticleRecord {
  id: number;
  categoryId: number;
  status: NewsStatus;
  pinned: 0 | 1;
  logo: string;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
}

export interface TextRecord {
  articleId: number;
  lang: Language;
  title: string;
  desc: string;
  content: string;
}

export interface NewArticle {
  categoryId: number;
  logo: string;
  seedKey?: string;
  status?: NewsStatus;
  pinned?: 0 | 1;
  at: number;
  publishedAt?: number | null;
}

type ArticleRow = {
  id: number | bigint;
  category_id: number | bigint;
  status: number | bigint;
  pinned: number | bigint;
  logo: string;
  created_at: number | bigint;
  updated_at: number | bigint;
  published_at: number | bigint | null;
};

const articleOf = (r: ArticleRow): ArticleRecord => ({
  id: toInt(r.id),
  categoryId: toInt(r.category_id),
  status: toInt(r.status) === NEWS_STATUS.published ? NEWS_STATUS.published : NEWS_STATUS.draft,
  pinned: toInt(r.pinned) === 1 ? 1 : 0,
  logo: r.logo,
  createdAt: toInt(r.created_at),
  updatedAt: toInt(r.updated_at),
  publishedAt: r.published_at === null ? null : toInt(r.published_at),
});

const ARTICLE_COLUMNS = [
  'id',
  'category_id',
  'status',
  'pinned',
  'logo',
  'created_at',
  'updated_at',
  'published_at',
] as const;

/**
 * Articles and their texts, on the executor it is built on: the module's root database, or
 * the transaction of an editor's change (which commits with its audit row).
 */
export function createNewsRepository(executor: Executor<ContentTables>) {
  return {
    ...createNewsTexts(executor),
    async published(
      categoryId: NewsCategoryId,
      page: number,
      size: number,
    ): Promise<{ rows: ArticleRecord[]; total: number }> {
      const base = executor
        .selectFrom('news_articles')
        .where('category_id', '=', categoryId)
        .where('status', '=', NEWS_STATUS.published);
      const [rows, count] = await Promise.all([
        base
          .select(ARTICLE_COLUMNS)
          // Pinned first, then newest: a reader sees what the editor put on top, then the latest.
          .orderBy('pinned', 'desc')
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(articleOf), total: toInt(count.n as number | bigint) };
    },

    async all(
      filter: { categoryId?: number; status?: number },
      page: number,
      size: number,
    ): Promise<{ rows: ArticleRecord[]; total: number }> {
      let base = executor.selectFrom('news_articles');
      if (filter.categoryId !== undefined) base = base.where('category_id', '=', filter.categoryId);
      if (filter.status !== undefined) base = base.where('status', '=', filter.status);
      const [rows, count] = await Promise.all([
        base
          .select(ARTICLE_COLUMNS)
          .orderBy('pinned', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(articleOf), total: toInt(count.n as number | bigint) };
    },

    async find(id: number): Promise<ArticleRecord | undefined> {
      const row = await executor
        .selectFrom('news_articles')
        .select(ARTICLE_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && articleOf(row);
    },

    async insert(article: NewArticle): Promise<number> {
      const row = await executor
        .insertInto('news_articles')
        .values({
          category_id: article.categoryId,
          logo: article.logo,
          seed_key: article.seedKey ?? null,
          status: article.status ?? NEWS_STATUS.draft,
          pinned: article.pinned ?? 0,
          created_at: article.at,
          updated_at: article.at,
          published_at: article.publishedAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toInt(row.id);
    },

    /**
     * Inserts a seeded article unless its key is there already (another node, an earlier
     * start); the id of the new row, or undefined when it existed.
     */
    async insertSeed(article: NewArticle & { seedKey: string }): Promise<number | undefined> {
      const row = await executor
        .insertInto('news_articles')
        .values({
          category_id: article.categoryId,
          logo: article.logo,
          seed_key: article.seedKey,
          status: article.status ?? NEWS_STATUS.draft,
          pinned: article.pinned ?? 0,
          created_at: article.at,
          updated_at: article.at,
          published_at: article.publishedAt ?? null,
        })
        .onConflict((oc) => oc.column('seed_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? toInt(row.id) : undefined;
    },

    async update(
      id: number,
      changes: Partial<{
        categoryId: number;
        logo: string;
        status: NewsStatus;
        pinned: 0 | 1;
        publishedAt: number;
      }> & {
        at: number;
      },
    ): Promise<void> {
      await executor
        .updateTable('news_articles')
        .set({
          updated_at: changes.at,
          ...(changes.categoryId !== undefined && { category_id: changes.categoryId }),
          ...(changes.logo !== undefined && { logo: changes.logo }),
          ...(changes.status !== undefined && { status: changes.status }),
          ...(changes.pinned !== undefined && { pinned: changes.pinned }),
          ...(changes.publishedAt !== undefined && { published_at: changes.publishedAt }),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

/** The articles' texts, one per language. */
function createNewsTexts(executor: Executor<ContentTables>) {
  return {
    /** Texts of some articles, in some languages (all when `langs` is absent). */
    async texts(articleIds: number[], langs?: readonly string[]): Promise<TextRecord[]> {
      if (articleIds.length === 0) return [];
      let query = executor
        .selectFrom('news_texts')
        .select(['article_id', 'lang', 'title', 'desc', 'content'])
        .where('article_id', 'in', articleIds);
      if (langs) query = query.where('lang', 'in', [...langs]);
      const rows = await query.orderBy('article_id').orderBy('lang').execute();
      return rows.map((r) => ({
        articleId: toInt(r.article_id),
        lang: r.lang as Language,
        title: r.title,
        desc: r.desc,
        content: r.content,
      }));
    },

    /** Replaces every text of an article by these. */
    async replaceTexts(articleId: number, texts: Omit<TextRecord, 'articleId'>[]): Promise<void> {
      await executor.deleteFrom('news_texts').where('article_id', '=', articleId).execute();
      if (texts.length === 0) return;
      await executor
        .insertInto('news_texts')
        .values(texts.map((t) => ({ article_id: articleId, ...t })))
        .execute();
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
