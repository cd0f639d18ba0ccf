import { PlusOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { LANGUAGES, NEWS_CATEGORIES } from '@tradedesk/contract';
import type { AdminNewsRow } from '@tradedesk/contract/admin';
import { Button, Radio, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { PAGE_SIZE, useListParams } from '../../../lib/list-params.ts';
import { useNewsArticles, usePinNews, usePublishNews } from '../api/use-news.ts';
import { NewsEditor } from '../components/news-editor.tsx';
import { hasFallbackText, LANGUAGE_LABELS, missingLanguages } from '../lib/news-form.ts';
import '../news.css';

const FILTERS = ['category', 'status'] as const;

/** A filter of the address: one of the allowed values, else none (every article). */
function choice<const T extends number>(text: string, allowed: readonly T[]): T | undefined {
  return allowed.find((value) => String(value) === text);
}

/** News and announcements: every article with its status, pin and languages; the editor. */
export function NewsPage() {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const categoryId = choice(filters.category, [1, 2]);
  const status = choice(filters.status, [0, 1]);
  const { data, isFetching } = useNewsArticles({ category_id: categoryId, status, page });
  const publish = usePublishNews();
  const pin = usePinNews();
  const [editing, setEditing] = useState<{ id: number | undefined } | null>(null);

  const columns: TableColumnsType<AdminNewsRow> = [
    { title: 'ID', dataIndex: 'id', render: (id: number) => `#${id}` },
    {
      title: 'Title',
      dataIndex: 'title',
      render: (title: string, row) => (
        <Space>
          {row.pinned === 1 ? <PushpinFilled className="pinned-icon" aria-label="Pinned" /> : null}
          <span>{title}</span>
        </Space>
      ),
    },
    {
      title: 'Category',
      dataIndex: 'category_id',
      render: (id: number) =>
        id === NEWS_CATEGORIES.announcement ? (
          <Tag color="purple">announcement</Tag>
        ) : (
          <Tag color="blue">news</Tag>
        ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: number) => (s === 1 ? <Tag color="green">published</Tag> : <Tag>draft</Tag>),
    },
    {
      title: 'Languages',
      dataIndex: 'languages',
      render: (langs: string[]) => {
        const missing = missingLanguages(langs);
        return (
          <Tooltip
            title={
              missing.length === 0
                ? 'Every language'
                : `Missing: ${missing.map((l) => LANGUAGE_LABELS[l]).join(', ')}`
            }
          >
            <Tag
              color={missing.length === 0 ? 'green' : hasFallbackText(langs) ? 'gold' : 'red'}
              data-testid="news-coverage"
            >
              {langs.length}/{LANGUAGES.length}
            </Tag>
          </Tooltip>
        );
      },
    },
    { title: 'Published (UTC)', dataIndex: 'published_at', render: (t: string) => t || '—' },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, row) => (
        <Space onClick={(e) => e.stopPropagation()}>
          <Button size="small" onClick={() => setEditing({ id: row.id })} data-testid="news-edit">
            Edit
          </Button>
          <Button
            size="small"
            data-testid="news-publish"
            loading={publish.isPending && publish.variables?.id === row.id}
            onClick={() => publish.mutate({ id: row.id, published: row.status === 1 ? 0 : 1 })}
          >
            {row.status === 1 ? 'Unpublish' : 'Publish'}
          </Button>
          <Button
            size="small"
            data-testid="news-pin"
            icon={row.pinned === 1 ? <PushpinFilled /> : <PushpinOutlined />}
            onClick={() => pin.mutate({ id: row.id, pinned: row.pinned === 1 ? 0 : 1 })}
          >
            {row.pinned === 1 ? 'Unpin' : 'Pin'}
          </Button>
        </Space>
      ),
    },
  ];

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
      <div className="filters">
        <Space wrap>
          <Radio.Group
            optionType="button"
            value={filters.category}
            onChange={(e) => setFilters({ category: e.target.value as string })}
            options={[
              { label: 'All', value: '' },
              { label: 'News', value: '1' },
              { label: 'Announcements', value: '2' },
            ]}
            aria-label="Category"
          />
          <Radio.Group
            optionType="button"
            value={filters.status}
            onChange={(e) => setFilters({ status: e.target.value as string })}
            options={[
              { label: 'Any status', value: '' },
              { label: 'Published', value: '1' },
              { label: 'Drafts', value: '0' },
            ]}
            aria-label="Status"
          />
        </Space>
      </div>
      <Table<AdminNewsRow>
        rowKey="id"
        size="small"
        columns={columns}
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
