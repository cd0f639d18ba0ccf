import { PushpinFilled } from '@ant-design/icons';
import { LANGUAGES, NEWS_CATEGORIES, NEWS_STATUS } from '@tradedesk/contract';
import type { AdminNewsRow } from '@tradedesk/contract/admin';
import { Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { hasFallbackText, LANGUAGE_LABELS, missingLanguages } from '../lib/news-form.ts';
import { NewsRowActions } from './news-row-actions.tsx';

/** How many of the languages an article has; which are missing on hover. */
function LanguageCoverage({ languages }: { languages: string[] }) {
  const missing = missingLanguages(languages);
  return (
    <Tooltip
      title={
        missing.length === 0
          ? 'Every language'
          : `Missing: ${missing.map((l) => LANGUAGE_LABELS[l]).join(', ')}`
      }
    >
      <Tag
        color={missing.length === 0 ? 'green' : hasFallbackText(languages) ? 'gold' : 'red'}
        data-testid="news-coverage"
      >
        {languages.length}/{LANGUAGES.length}
      </Tag>
    </Tooltip>
  );
}

/** The article list's columns; `onEdit` opens an article in the editor. */
export function newsColumns(onEdit: (id: number) => void): TableColumnsType<AdminNewsRow> {
  return [
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
      render: (status: number) =>
        status === NEWS_STATUS.published ? <Tag color="green">published</Tag> : <Tag>draft</Tag>,
    },
    {
      title: 'Languages',
      dataIndex: 'languages',
      render: (languages: string[]) => <LanguageCoverage languages={languages} />,
    },
    { title: 'Published (UTC)', dataIndex: 'published_at', render: (t: string) => t || '—' },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, row) => <NewsRowActions row={row} onEdit={() => onEdit(row.id)} />,
    },
  ];
}
