import type { AdminUser } from '@tradedesk/contract/admin';
import { Input, Radio, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ReviewStatusTag } from '../../../components/review-status-tag.tsx';
import { formatMoney, formatTime, orDash } from '../../../lib/format.ts';
import { PAGE_SIZE, useListParams } from '../../../lib/list-params.ts';
import { useUsers } from '../api/use-users.ts';

const FILTERS = ['query', 'is_demo'] as const;

const DEMO_OPTIONS = [
  { value: '', label: 'All' },
  { value: '0', label: 'Real' },
  { value: '1', label: 'Demo' },
];

const columns: TableColumnsType<AdminUser> = [
  {
    title: 'UID',
    dataIndex: 'uid',
    render: (uid: string, user) => <Link to={`/users/${user.id}`}>{uid}</Link>,
  },
  { title: 'E-mail', dataIndex: 'email', render: orDash },
  { title: 'Mobile', dataIndex: 'mobile', render: orDash },
  {
    title: 'Account',
    dataIndex: 'is_demo',
    render: (isDemo: number) => (isDemo ? <Tag>Demo</Tag> : <Tag color="blue">Real</Tag>),
  },
  {
    title: 'Balance (USD)',
    dataIndex: 'balance',
    align: 'right',
    className: 'amount',
    render: (balance: number, user) =>
      user.is_demo ? `${formatMoney(balance)} virtual` : formatMoney(balance),
  },
  {
    title: 'Identity',
    dataIndex: 'review_status',
    render: (status: number) => <ReviewStatusTag status={status} />,
  },
  {
    title: 'Status',
    dataIndex: 'disabled',
    render: (disabled: boolean) =>
      disabled ? <Tag color="red">Disabled</Tag> : <Tag color="green">Active</Tag>,
  },
  { title: 'Created (UTC)', dataIndex: 'created_at', render: formatTime },
];

/** Traders: search by e-mail, mobile or uid, real or demo; a row opens the trader. */
export function UsersPage() {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const navigate = useNavigate();
  const isDemo = filters.is_demo === '0' ? 0 : filters.is_demo === '1' ? 1 : undefined;
  const { data, isFetching } = useUsers({
    page,
    ...(filters.query ? { query: filters.query } : {}),
    ...(isDemo !== undefined ? { is_demo: isDemo } : {}),
  });

  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>Users</Typography.Title>
      </div>
      <div className="filters">
        <Input.Search
          key={filters.query}
          defaultValue={filters.query}
          placeholder="E-mail, mobile or UID"
          aria-label="Search users"
          allowClear
          enterButton="Search"
          maxLength={64}
          onSearch={(query) => setFilters({ query: query.trim() })}
        />
        <Radio.Group
          optionType="button"
          options={DEMO_OPTIONS}
          value={filters.is_demo}
          onChange={(event) => setFilters({ is_demo: event.target.value as string })}
          aria-label="Account type"
        />
      </div>
      <Table<AdminUser>
        rowKey="id"
        columns={columns}
        dataSource={data?.data}
        loading={isFetching}
        rowClassName="clickable-row"
        onRow={(user) => ({ onClick: () => navigate(`/users/${user.id}`) })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} users`,
          onChange: setPage,
        }}
      />
    </section>
  );
}
