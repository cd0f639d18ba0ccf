import { type Language, NEWS_STATUS, type NewsStatus } from '@tradedesk/contract';
import type { AdminNewsRow, AdminNewsText, SaveNewsRequest } from '@tradedesk/contract/admin';
import type { Transact, TransactionScope } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  type AuditActor,
  type AuditEntry,
  createAuditLog,
} from '../../platform/operators/audit-log.ts';
import { createNewsRepository, type NewsRepository } from './news.repository.ts';
import { sanitizeNewsHtml } from './news-sanitizer.ts';
import { hasFallback, isAcceptableCover } from './news-text.ts';
import { adminArticle, auditOf, loadArticle, rowOf } from './news-views.ts';

type SaveRequest = SaveNewsRequest & { texts: Partial<Record<Language, AdminNewsText>> };

/**
 * The editor's changes: save an article (new or edited), publish or withdraw it, pin it. Each
 * change and its audit row commit in one transaction.
 */
export function createNewsEditing(deps: { transact: Transact; now: () => number }) {
  const { now } = deps;

  /** `work` on the articles in one transaction, which also appends its audit row. */
  function audited<T>(
    actor: AuditActor,
    at: number,
    work: (repo: NewsRepository) => Promise<{ result: T; entry: AuditEntry }>,
  ): Promise<T> {
    return deps.transact(async (scope: TransactionScope) => {
      const { result, entry } = await work(scope.repository(createNewsRepository));
      await scope.repository(createAuditLog).append(actor, entry, at);
      return result;
    });
  }

  return {
    async save(actor: AuditActor, params: SaveRequest) {
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
      return audited(actor, at, async (repo) => {
        if (params.id === undefined) {
          const id = await repo.insert({ categoryId, logo, at });
          await repo.replaceTexts(id, texts);
          const created = await loadArticle(repo, id);
          const after = auditOf(created, texts);
          const entry = { action: 'news.create', targetType: 'news', targetId: id, after };
          return { entry, result: await adminArticle(repo, id) };
        }
        const id = Number(params.id);
        const before = await loadArticle(repo, id);
        const beforeTexts = await repo.texts([id]);
        if (before.status === NEWS_STATUS.published && !hasFallback(texts.map((t) => t.lang)))
          throw new AppError('NEWS_FALLBACK_MISSING');
        await repo.update(id, { categoryId, logo, at });
        await repo.replaceTexts(id, texts);
        const after = await loadArticle(repo, id);
        const entry = {
          action: 'news.edit',
          targetType: 'news',
          targetId: id,
          before: auditOf(before, beforeTexts),
          after: auditOf(after, texts),
        };
        return { entry, result: await adminArticle(repo, id) };
      });
    },

    /** Publishes (a fallback text in en or hk required) or withdraws an article. */
    async publish(actor: AuditActor, id: number, status: NewsStatus): Promise<AdminNewsRow> {
      const at = now();
      const publishing = status === NEWS_STATUS.published;
      return audited(actor, at, async (repo) => {
        const before = await loadArticle(repo, id);
        const texts = await repo.texts([id]);
        if (publishing && !hasFallback(texts.map((t) => t.lang)))
          throw new AppError('NEWS_FALLBACK_MISSING');
        await repo.update(id, {
          status,
          // The first publication dates the article; withdrawing and republishing keeps it.
          ...(publishing && before.publishedAt === null && { publishedAt: at }),
          at,
        });
        const after = await loadArticle(repo, id);
        const entry = {
          action: publishing ? 'news.publish' : 'news.unpublish',
          targetType: 'news',
          targetId: id,
          before: { status: before.status },
          after: { status: after.status, published_at: after.publishedAt },
        };
        return { entry, result: rowOf(after, texts) };
      });
    },

    async pin(actor: AuditActor, id: number, pinned: 0 | 1): Promise<AdminNewsRow> {
      const at = now();
      return audited(actor, at, async (repo) => {
        const before = await loadArticle(repo, id);
        await repo.update(id, { pinned, at });
        const after = await loadArticle(repo, id);
        const entry = {
          action: pinned === 1 ? 'news.pin' : 'news.unpin',
          targetType: 'news',
          targetId: id,
          before: { pinned: before.pinned },
          after: { pinned: after.pinned },
        };
        return { entry, result: rowOf(after, await repo.texts([id])) };
      });
    },
  };
}
