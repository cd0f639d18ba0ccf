import type { NewsItem } from '@tradedesk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { newsDay, newsDetailPath } from '../lib/news-logic.ts';

/** One article of a list: cover, title, summary and day; the whole card opens the article. */
export function NewsCard({ item }: { item: NewsItem }) {
  const { t } = useTranslation();
  return (
    <Link to={newsDetailPath(item.id)} className="news-card" data-testid="news-card">
      {item.logo ? <img className="news-cover" src={item.logo} alt="" loading="lazy" /> : null}
      <div className="news-text">
        <h3 dir="auto">
          {item.pinned === 1 ? <span className="news-pin">{t('news.pinned')}</span> : null}
          {item.title}
        </h3>
        {item.desc ? <p dir="auto">{item.desc}</p> : null}
        <time dateTime={`${item.created_at.replace(' ', 'T')}Z`}>
          <bdi dir="ltr">{newsDay(item.created_at)}</bdi>
        </time>
      </div>
    </Link>
  );
}

const SKELETON_KEYS = Array.from({ length: 4 }, (_, i) => `news-skeleton-${i}`);

/** What a list shows while its first page loads. */
export function NewsSkeleton() {
  return (
    <div data-testid="news-skeleton" aria-hidden="true">
      {SKELETON_KEYS.map((key) => (
        <div key={key} className="news-card skeleton">
          <span className="news-cover skeleton-line" />
          <div className="news-text">
            <span className="skeleton-line" />
            <span className="skeleton-line short" />
          </div>
        </div>
      ))}
    </div>
  );
}
