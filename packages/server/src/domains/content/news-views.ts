import type { NewsItem } from '@tradedesk/contract';
import type { AdminNewsArticle, AdminNewsRow } from '@tradedesk/contract/admin';
import { AppError } from '../../platform/http/app-error.ts';
import { wireTime } from '../../platform/http/wire-time.ts';
import type { ArticleRecord, NewsRepository, TextRecord } from './news.repository.ts';
import { pickText } from './news-text.ts';

/** An article in a reader's list, in the language of `t`. */
export const itemOf = (a: ArticleRecord, t: TextRecord): NewsItem => ({
  id: a.id,
  title: t.title,
  desc: t.desc,
  logo: a.logo,
  created_at: wireTime(a.publishedAt ?? a.createdAt),
  pinned: a.pinned,
  category_id: a.categoryId,
  lang: t.lang,
});

/** An article in the editor's list: its English title (else its first), its languages. */
export const rowOf = (a: ArticleRecord, texts: readonly TextRecord[]): AdminNewsRow => ({
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
export const auditOf = (
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

export async function loadArticle(repo: NewsRepository, id: number): Promise<ArticleRecord> {
  const article = await repo.find(id);
  if (!article) throw new AppError('NEWS_NOT_FOUND');
  return article;
}

/** An article as the editor opens it: every language's text. */
export async function adminArticle(repo: NewsRepository, id: number): Promise<AdminNewsArticle> {
  const article = await loadArticle(repo, id);
  const texts = await repo.texts([id]);
  return {
    ...rowOf(article, texts),
    texts: Object.fromEntries(
      texts.map((t) => [t.lang, { title: t.title, desc: t.desc, content: t.content }]),
    ),
  };
}
