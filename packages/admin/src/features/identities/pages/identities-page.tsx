import { REVIEW_STATUSES } from '@tradedesk/contract';
import type { IdentityRow } from '@tradedesk/contract/admin';
import { Button, Drawer, Radio, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { REVIEW_STATUS_OPTIONS, ReviewStatusTag } from '../../../components/review-status-tag.tsx';
import { formatTime, orDash } from '../../../lib/format.ts';
import { PAGE_SIZE, useListParams } from '../../../lib/list-params.ts';
import { useIdentities } from '../api/use-identities.ts';
import { IdentityReview } from '../components/identity-review.tsx';

const FILTERS = ['status'] as const;
const STATUS_VALUES: readonly number[] = Object.values(REVIEW_STATUSES);

function readStatus(text: string): 0 | 1 | 2 {
  const value = Number(text);
  return text !== '' && STATUS_VALUES.includes(value)
    ? (value as 0 | 1 | 2)
    : REVIEW_STATUSES.waiting;
}

/**
 * The identity review queue (waiting, oldest first) and past decisions. Choosing a row opens it
 * beside the list; after a decision the next submission of the page opens.
 */
export function IdentitiesPage() {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const status = readStatus(filters.status);
  const { data, isFetching } = useIdentities({ status, page });
  const [selectedId, setSelectedId] = useState<number>();
  const rows = data?.data ?? [];
  const selected = rows.find((row) => row.user_id === selectedId);

  const openNext = () => {
    const index = rows.findIndex((row) => row.user_id === selectedId);
    setSelectedId(rows[index + 1]?.user_id);
  };

  const columns: TableColumnsType<IdentityRow> = [
    { title: 'UID', dataIndex: 'uid' },
    {
      title: 'Contact',
      key: 'contact',
      render: (_, row) => orDash(row.email ?? row.mobile),
    },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Card id', dataIndex: 'card_id' },
    { title: 'Submitted (UTC)', dataIndex: 'submitted_at', render: formatTime },
    ...(status === REVIEW_STATUSES.waiting
      ? []
      : [{ title: 'Reviewed (UTC)', dataIndex: 'reviewed_at', render: formatTime }]),
    {
      title: 'Status',
      dataIndex: 'review_status',
      render: (value: number, row) => <ReviewStatusTag status={value} reason={row.reason} />,
    },
    {
      title: '',
      key: 'open',
      align: 'right',
      render: (_, row) => (
        <Button size="small" onClick={() => setSelectedId(row.user_id)}>
          {row.review_status === REVIEW_STATUSES.waiting ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>Identity reviews</Typography.Title>
      </div>
      <div className="filters">
        <Radio.Group
          optionType="button"
          options={REVIEW_STATUS_OPTIONS.map((option) => ({
            ...option,
            value: String(option.value),
          }))}
          value={String(status)}
          onChange={(event) => {
            setSelectedId(undefined);
            setFilters({ status: event.target.value as string });
          }}
          aria-label="Review status"
        />
      </div>
      <Table<IdentityRow>
        rowKey="user_id"
        columns={columns}
        dataSource={rows}
        loading={isFetching}
        rowClassName="clickable-row"
        onRow={(row) => ({ onClick: () => setSelectedId(row.user_id) })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} submissions`,
          onChange: (next) => {
            setSelectedId(undefined);
            setPage(next);
          },
        }}
      />
      <Drawer
        open={selected !== undefined}
        onClose={() => setSelectedId(undefined)}
        title={selected ? `Identity of ${selected.uid}` : 'Identity'}
        size={1040}
        destroyOnHidden
      >
        {selected && (
          <IdentityReview key={selected.user_id} identity={selected} onDecided={openNext} />
        )}
      </Drawer>
    </section>
  );
}
