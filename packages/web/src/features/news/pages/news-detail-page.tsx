import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatLocalDateTime } from '../../../lib/local-time.ts';
import { PATHS } from '../../../lib/route-paths.ts';
import { useNewsInfo } from '../api/news-api.ts';
import { newsIdOf } from '../lib/news-logic.ts';
import '../news.css';

/** /news/detail?id=: one article, its HTML as the server sanitized it when it was written. */
export function NewsDetailPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = newsIdOf(search);
  const { data: article, isPending, isError } = useNewsInfo(id);
  return (
    <div className="page news-page">
      <PageHeader title={t('news.detail')} fallback={PATHS.news} />
      {id === null || isError ? (
        <p className="empty-note" data-testid="news-missing">
          {t('news.missing')}
        </p>
      ) : isPending ? (
        <SpinLoading className="section-loading" color="primary" data-testid="news-loading" />
      ) : (
        <article className="news-article" data-testid="news-article" lang={article.lang}>
          <h1 dir="auto">{article.title}</h1>
          <time dateTime={`${article.created_at.replace(' ', 'T')}Z`}>
            <bdi dir="ltr">{formatLocalDateTime(article.created_at)}</bdi>
          </time>
          {article.logo ? <img className="news-hero" src={article.logo} alt="" /> : null}
          <div
            className="news-content"
            dir="auto"
            // The server keeps only an allow-list of tags and attributes (sanitize-html) when
            // an article is written; nothing else ever reaches this field.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized HTML from the server
            dangerouslySetInnerHTML={{ __html: article.content }}
          />
        </article>
      )}
    </div>
  );
}
