import { InfiniteScroll } from 'antd-mobile';

/** Loads the next page of a record list as its end scrolls into view. */
export function MoreRecords({
  hasMore,
  loadMore,
}: {
  hasMore: boolean;
  loadMore(): Promise<unknown>;
}) {
  return (
    <InfiniteScroll loadMore={async () => void (await loadMore())} hasMore={hasMore}>
      {hasMore ? undefined : <span />}
    </InfiniteScroll>
  );
}
