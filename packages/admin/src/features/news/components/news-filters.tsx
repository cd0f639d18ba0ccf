import { NEWS_CATEGORIES, NEWS_STATUS } from '@tradedesk/contract';
import { Radio, Space } from 'antd';

export interface NewsFilterValues {
  category: string;
  status: string;
}

const GROUPS = [
  {
    name: 'category',
    label: 'Category',
    options: [
      { label: 'All', value: '' },
      { label: 'News', value: String(NEWS_CATEGORIES.news) },
      { label: 'Announcements', value: String(NEWS_CATEGORIES.announcement) },
    ],
  },
  {
    name: 'status',
    label: 'Status',
    options: [
      { label: 'Any status', value: '' },
      { label: 'Published', value: String(NEWS_STATUS.published) },
      { label: 'Drafts', value: String(NEWS_STATUS.draft) },
    ],
  },
] as const;

/** The list's filters, as kept in the address: a category and a status, or any. */
export function NewsFilters({
  filters,
  onChange,
}: {
  filters: NewsFilterValues;
  onChange(next: Partial<NewsFilterValues>): void;
}) {
  return (
    <div className="filters">
      <Space wrap>
        {GROUPS.map((group) => (
          <Radio.Group
            key={group.name}
            optionType="button"
            value={filters[group.name]}
            onChange={(e) => onChange({ [group.name]: e.target.value as string })}
            options={[...group.options]}
            aria-label={group.label}
          />
        ))}
      </Space>
    </div>
  );
}
