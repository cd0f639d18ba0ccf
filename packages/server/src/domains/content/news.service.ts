import {
  type Language,
  NEWS_PAGE_SIZE,
  type NewsCategoryId,
  type NewsInfo,
  type NewsItem,
  type NewsList,
  PAGE_SIZE,
} from '@tradedesk/contract';
import type {
  AdminNewsArticle,
  AdminNewsRow,
  AdminNewsText,
  SaveNewsRequest,
} from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { wireTime } from '../../platform/http/wire-time.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import { type ArticleRecord, newsRepository as repo, type TextRecord } from './news.repository.ts';
import { sanitizeNewsHtml } from './news-sanitizer.ts';
import { hasFallback, isAcceptableCover, pickText, readingOrder } from './news-text.ts';

const itemOf = (a: ArticleRecord, t: TextRecord): NewsItem => ({
  id: a.id,
  title: t.title,
  desc: t.desc,
  logo: a.logo,
  created_at: wireTime(a.publishedAt ?? a.createdAt),
  pinned: a.pinned,
  category_id: a.categoryId,
  lang: t.lang,
});

const rowOf = (a: ArticleRecord, texts: readonly TextRecord[]): AdminNewsRow => ({
  id: a.id,
  category_id: a.categoryId,
  status: a.status,
  pinned: a.pinned,
  logo: a.logo,
  title: pickText(texts, 'en')?.title ?? texts[0]?.title ?? '',
  languages: texts.map((t) => t.lang),
  created_at: wireTime(a.createdAt),
  updated_at: wireTime(a.updatedAt),
  published_at: a.publishedAt === null ? '' : wireTime(a.publishedAt),
});

/** What an audit row keeps of an article: enough to see what changed, not the whole HTML. */
const auditOf = (
  a: ArticleRecord,
  texts: readonly Pick<TextRecord, 'lang' | 'title' | 'content'>[],
) => ({
  category_id: a.categoryId,
  status: a.status,
  pinned: a.pinned,
  logo: a.logo,
  texts: Object.fromEntries(
    texts.map((t) => [t.lang, { title: t.title, content_length: t.content.length }]),
  ),
});

/**
 * News and announcements: what traders read (published only, in their language with a
 * fallback) and what the editor does (drafts, every language, publish and pin), each write
 * audited in its own transaction.
 */
export function createNewsService(deps: { db: Kysely<Database>; now: () => number }) {
  const { db, now } = deps;

  async function loadArticle(executor: Executor, id: number): Promise<ArticleRecord> {
    const article = await repo.find(executor, id);
    if (!article) throw new AppError('NEWS_NOT_FOUND');
    return article;
  }

  async function adminArticle(executor: Executor, id: number): Promise<AdminNewsArticle> {
    const article = await loadArticle(executor, id);
    const texts = await repo.texts(executor, [id]);
    return {
      ...rowOf(article, texts),
      texts: Object.fromEntries(
        texts.map((t) => [t.lang, { title: t.title, desc: t.desc, content: t.content }]),
      ),
    };
  }

  return {
    async list(categoryId: NewsCategoryId, page: number, lang: Language): Promise<NewsList> {
      const { rows, total } = await repo.published(db, categoryId, page, NEWS_PAGE_SIZE);
      const texts = await repo.texts(
        db,
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
      const article = await repo.find(db, id);
      // A draft answers exactly as a missing article: traders learn nothing of unpublished work.
      if (article?.status !== 1) throw new AppError('NEWS_NOT_FOUND');
      const text = pickText(await repo.texts(db, [id], readingOrder(lang)), lang);
      if (!text) throw new AppError('NEWS_NOT_FOUND');
      return { ...itemOf(article, text), content: text.content };
    },

    async adminList(filter: { category_id?: number; status?: number; page: number }) {
      const { rows, total } = await repo.all(
        db,
        { categoryId: filter.category_id, status: filter.status },
        filter.page,
        PAGE_SIZE,
      );
      const texts = await repo.texts(
        db,
        rows.map((r) => r.id),
      );
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

    article: (id: number) => adminArticle(db, id),

    async save(
      actor: AuditActor,
      params: SaveNewsRequest & { texts: Partial<Record<Language, AdminNewsText>> },
    ) {
      const logo = (params.logo ?? '').trim();
      if (!isAcceptableCover(logo)) throw new AppError('NEWS_COVER_INVALID');
      const texts = (Object.entries(params.texts) as [Language, AdminNewsText][]).map(
        ([lang, t]) => ({
          lang,
          title: t.title,
          desc: t.desc,
          // Sanitized when written: what is stored is what every reader will get.
          content: sanitizeNewsHtml(t.content),
        }),
      );
      const categoryId = Number(params.category_id);
      const at = now();
      return db.transaction().execute(async (trx) => {
        if (params.id === undefined) {
          const id = await repo.insert(trx, { categoryId, logo, at });
          await repo.replaceTexts(trx, id, texts);
          const created = await loadArticle(trx, id);
          await appendAudit(
            trx,
            actor,
            {
              action: 'news.create',
              targetType: 'news',
              targetId: id,
              after: auditOf(created, texts),
            },
            at,
          );
          return adminArticle(trx, id);
        }
        const id = Number(params.id);
        const before = await loadArticle(trx, id);
        const beforeTexts = await repo.texts(trx, [id]);
        if (before.status === 1 && !hasFallback(texts.map((t) => t.lang)))
          throw new AppError('NEWS_FALLBACK_MISSING');
        await repo.update(trx, id, { categoryId, logo, at });
        await repo.replaceTexts(trx, id, texts);
        const after = await loadArticle(trx, id);
        await appendAudit(
          trx,
          actor,
          {
            action: 'news.edit',
            targetType: 'news',
            targetId: id,
            before: auditOf(before, beforeTexts),
            after: auditOf(after, texts),
          },
          at,
        );
        return adminArticle(trx, id);
      });
    },

    async publish(actor: AuditActor, id: number, published: 0 | 1): Promise<AdminNewsRow> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const before = await loadArticle(trx, id);
        const texts = await repo.texts(trx, [id]);
        if (published === 1 && !hasFallback(texts.map((t) => t.lang)))
          throw new AppError('NEWS_FALLBACK_MISSING');
        await repo.update(trx, id, {
          status: published,
          // The first publication dates the article; withdrawing and republishing keeps it.
          ...(published === 1 && before.publishedAt === null && { publishedAt: at }),
          at,
        });
        const after = await loadArticle(trx, id);
        await appendAudit(
          trx,
          actor,
          {
            action: published === 1 ? 'news.publish' : 'news.unpublish',
            targetType: 'news',
            targetId: id,
            before: { status: before.status },
            after: { status: after.status, published_at: after.publishedAt },
          },
          at,
        );
        return rowOf(after, texts);
      });
    },

    async pin(actor: AuditActor, id: number, pinned: 0 | 1): Promise<AdminNewsRow> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const before = await loadArticle(trx, id);
        await repo.update(trx, id, { pinned, at });
        const after = await loadArticle(trx, id);
        await appendAudit(
          trx,
          actor,
          {
            action: pinned === 1 ? 'news.pin' : 'news.unpin',
            targetType: 'news',
            targetId: id,
            before: { pinned: before.pinned },
            after: { pinned: after.pinned },
          },
          at,
        );
        return rowOf(after, await repo.texts(trx, [id]));
      });
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
