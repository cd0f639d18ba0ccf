import { PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { NEWS_STATUS } from '@tradedesk/contract';
import type { AdminNewsRow } from '@tradedesk/contract/admin';
import { Button, Space } from 'antd';
import { usePinNews, usePublishNews } from '../api/use-news.ts';

/** A row's buttons: edit, publish or take back, pin or unpin. */
export function NewsRowActions({ row, onEdit }: { row: AdminNewsRow; onEdit(): void }) {
  const publish = usePublishNews();
  const pin = usePinNews();
  const published = row.status === NEWS_STATUS.published;
  const pinned = row.pinned === 1;
  return (
    <Space onClick={(e) => e.stopPropagation()}>
      <Button size="small" onClick={onEdit} data-testid="news-edit">
        Edit
      </Button>
      <Button
        size="small"
        data-testid="news-publish"
        loading={publish.isPending}
        onClick={() =>
          publish.mutate({
            id: row.id,
            published: published ? NEWS_STATUS.draft : NEWS_STATUS.published,
          })
        }
      >
        {published ? 'Unpublish' : 'Publish'}
      </Button>
      <Button
        size="small"
        data-testid="news-pin"
        icon={pinned ? <PushpinFilled /> : <PushpinOutlined />}
        onClick={() => pin.mutate({ id: row.id, pinned: pinned ? 0 : 1 })}
      >
        {pinned ? 'Unpin' : 'Pin'}
      </Button>
    </Space>
  );
}
