import type { NewsCategoryId } from '@tradedesk/contract';
import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNewsList } from '../api/news-api.ts';
import { NewsCard, NewsSkeleton } from './news-card.tsx';

/** SPEC.md §9: the refresh indicator hides 500 ms after the reload. */
const REFRESH_HIDE_MS = 500;

/** A category's articles: skeleton first, pull to refresh, more pages on scroll. */
export function NewsFeed({ categoryId }: { categoryId: NewsCategoryId }) {
  const { t } = useTranslation();
  const { data, fetchNextPage, hasNextPage, isError, isPending, refetch } = useNewsList(categoryId);
  const items = data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <PullToRefresh
      onRefresh={async () => {
        await refetch();
      }}
      completeDelay={REFRESH_HIDE_MS}
      pullingText={t('order.pull')}
      canReleaseText={t('order.release')}
      refreshingText={t('order.refreshing')}
      completeText={t('order.refreshed')}
    >
      <section className="news-list" data-testid={`news-list-${categoryId}`}>
        {isPending ? <NewsSkeleton /> : null}
        {isError && !data ? (
          <div className="route-error">
            <p>{t('public.page_error')}</p>
            <Button color="primary" onClick={() => void refetch()}>
              {t('public.retry')}
            </Button>
          </div>
        ) : null}
        {items.map((item) => (
          <NewsCard key={item.id} item={item} />
        ))}
        {data && items.length === 0 ? <p className="empty-note">{t('news.empty')}</p> : null}
        {data ? (
          <InfiniteScroll
            loadMore={async () => void (await fetchNextPage())}
            hasMore={hasNextPage ?? false}
          >
            {hasNextPage ? undefined : <span />}
          </InfiniteScroll>
        ) : null}
      </section>
    </PullToRefresh>
  );
}
