import { PlusOutlined } from '@ant-design/icons';
import { NEWS_CATEGORY_IDS, NEWS_STATUS } from '@tradedesk/contract';
import type { AdminNewsRow } from '@tradedesk/contract/admin';
import { Button, Table, Typography } from 'antd';
import { useState } from 'react';
import { PAGE_SIZE, useListParams } from '../../../lib/list-params.ts';
import { useNewsArticles } from '../api/use-news.ts';
import { newsColumns } from '../components/news-columns.tsx';
import { NewsEditor } from '../components/news-editor.tsx';
import { NewsFilters } from '../components/news-filters.tsx';
import '../news.css';

const FILTERS = ['category', 'status'] as const;
const STATUS_VALUES = [NEWS_STATUS.draft, NEWS_STATUS.published] as const;

/** A filter of the address: one of the allowed values, else none (every article). */
function choice<const T extends number>(text: string, allowed: readonly T[]): T | undefined {
  return allowed.find((value) => String(value) === text);
}

/** News and announcements: every article with its status, pin and languages; the editor. */
export function NewsPage() {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const categoryId = choice(filters.category, NEWS_CATEGORY_IDS);
  const status = choice(filters.status, STATUS_VALUES);
  const { data, isFetching } = useNewsArticles({ category_id: categoryId, status, page });
  const [editing, setEditing] = useState<{ id: number | undefined } | null>(null);

  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>News and announcements</Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ id: undefined })}
          data-testid="news-new"
        >
          New article
        </Button>
      </div>
      <NewsFilters filters={filters} onChange={setFilters} />
      <Table<AdminNewsRow>
        rowKey="id"
        size="small"
        columns={newsColumns((id) => setEditing({ id }))}
        dataSource={data?.data ?? []}
        loading={isFetching}
        onRow={(row) => ({
          onDoubleClick: () => setEditing({ id: row.id }),
          'data-testid': 'news-row',
        })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} articles`,
          onChange: setPage,
        }}
      />
      <NewsEditor
        id={editing?.id}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(id) => setEditing({ id })}
      />
    </section>
  );
}
