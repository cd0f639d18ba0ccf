import type { AdminCopyLeader } from '@tradedesk/contract/admin';
import { Drawer, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatMoney, formatTime } from '../../../lib/format.ts';
import { PAGE_SIZE, useListParams } from '../../../lib/list-params.ts';
import { useCopyLeaders } from '../api/use-copy-leaders.ts';
import { LeaderCopies } from '../components/leader-copies.tsx';
import { LeaderHiddenSwitch } from '../components/leader-hidden-switch.tsx';
import { SetAsideSignals } from '../components/set-aside-signals.tsx';

const FILTERS = ['order'] as const;

const columns = (order: 'desc' | 'asc'): TableColumnsType<AdminCopyLeader> => [
  {
    title: 'Leader',
    key: 'leader',
    width: 300,
    render: (_, leader) => (
      <div>
        <Space size={8}>
          <Typography.Link>UID {leader.uid}</Typography.Link>
          {leader.sample && <Tag color="purple">Sample trader</Tag>}
        </Space>
        {leader.contact && (
          <div>
            <Typography.Text type="secondary">{leader.contact}</Typography.Text>
          </div>
        )}
      </div>
    ),
  },
  {
    title: 'Consent',
    key: 'consent',
    width: 190,
    render: (_, leader) => (
      <div>
        <Space size={4} wrap>
          <Tag color={leader.listed ? 'green' : 'default'}>
            {leader.listed ? 'Listed' : 'Not listed'}
          </Tag>
          <Tag color={leader.copyable ? 'green' : 'default'}>
            {leader.copyable ? 'Copyable' : 'No new copies'}
          </Tag>
        </Space>
        <div>
          <Typography.Text type="secondary">
            {leader.consent_at === null ? 'Never chosen' : `Since ${formatTime(leader.consent_at)}`}
          </Typography.Text>
        </div>
      </div>
    ),
  },
  {
    title: 'Followers',
    key: 'followers',
    align: 'right',
    render: (_, leader) => (
      <div>
        <div className="amount">{leader.running_copies}</div>
        {leader.demo_copies > 0 && (
          <div>
            <Typography.Text type="secondary">+{leader.demo_copies} demo</Typography.Text>
          </div>
        )}
        {leader.stopped_copies > 0 && (
          <Typography.Text type="secondary">{leader.stopped_copies} stopped</Typography.Text>
        )}
      </div>
    ),
  },
  {
    title: 'Assets under copy (USD)',
    dataIndex: 'aum',
    key: 'aum',
    align: 'right',
    className: 'amount',
    sorter: true,
    sortOrder: order === 'asc' ? 'ascend' : 'descend',
    sortDirections: ['descend', 'ascend'],
    render: formatMoney,
  },
  {
    title: 'Invested (USD)',
    dataIndex: 'invested',
    align: 'right',
    className: 'amount',
    render: formatMoney,
  },
  {
    title: 'Mirrored / skipped',
    key: 'trades',
    align: 'right',
    className: 'amount',
    render: (_, leader) => `${leader.mirrored} / ${leader.skipped}`,
  },
  {
    title: 'Signals waiting',
    dataIndex: 'waiting_signals',
    align: 'right',
    render: (waiting: number) =>
      waiting > 0 ? <Tag color="orange">{waiting}</Tag> : <span className="amount">0</span>,
  },
  {
    title: 'Ranking',
    key: 'hidden',
    align: 'right',
    render: (_, leader) => <LeaderHiddenSwitch leader={leader} />,
  },
];

/**
 * Copy trading (issue 29): who is copied, with how much (assets under copy valued now, real
 * money only; demo copies counted apart), each trader's own consent and when it changed
 * (issue 36), what the copies did with the leader's trades and what waits to be mirrored; a
 * leader can be hidden from the ranking and from new copies. A row opens the leader's copies.
 */
export function CopyTradingPage() {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const order = filters.order === 'asc' ? 'asc' : 'desc';
  const { data, isFetching } = useCopyLeaders({ order, page });
  const [openId, setOpenId] = useState<number>();
  const rows = data?.data ?? [];
  const open = rows.find((leader) => leader.id === openId);

  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>Copy trading</Typography.Title>
      </div>
      <Table<AdminCopyLeader>
        rowKey="id"
        columns={columns(order)}
        dataSource={rows}
        loading={isFetching}
        rowClassName="clickable-row"
        onRow={(leader) => ({ onClick: () => setOpenId(leader.id) })}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const sorted = Array.isArray(sorter) ? sorter[0] : sorter;
          setFilters({ order: sorted?.order === 'ascend' ? 'asc' : '' });
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} leaders`,
          onChange: setPage,
        }}
      />
      <SetAsideSignals />
      <Drawer
        open={open !== undefined}
        onClose={() => setOpenId(undefined)}
        title={open ? `Copies of UID ${open.uid}` : 'Copies'}
        size={1100}
        destroyOnHidden
      >
        {open && <LeaderCopies key={open.id} leader={open} />}
      </Drawer>
    </section>
  );
}
