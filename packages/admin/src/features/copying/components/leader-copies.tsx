import { COPY_STATUS } from '@tradedesk/contract';
import type { AdminCopyLeader, AdminLeaderCopy } from '@tradedesk/contract/admin';
import { Descriptions, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatMoney, formatTime } from '../../../lib/format.ts';
import { PAGE_SIZE } from '../../../lib/list-params.ts';
import { useLeaderCopies } from '../api/use-leader-copies.ts';
import { COPY_STATUS_TAGS, stopReasonText } from '../lib/copy-labels.ts';

/** A signed amount in green or red (none for zero). */
function Pnl({ value }: { value: number }) {
  const type = value > 0 ? 'success' : value < 0 ? 'danger' : undefined;
  return (
    <Typography.Text type={type} className="amount">
      {value > 0 ? '+' : ''}
      {formatMoney(value)}
    </Typography.Text>
  );
}

const columns: TableColumnsType<AdminLeaderCopy> = [
  {
    title: 'Follower',
    key: 'follower',
    render: (_, copy) => (
      <div>
        <Space size={8}>
          <span style={{ whiteSpace: 'nowrap' }}>UID {copy.uid}</span>
          {copy.demo ? <Tag>Demo</Tag> : <Tag color="blue">Real</Tag>}
        </Space>
        {copy.contact && (
          <div>
            <Typography.Text type="secondary">{copy.contact}</Typography.Text>
          </div>
        )}
      </div>
    ),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (status: AdminLeaderCopy['status'], copy) => (
      <div>
        <Tag color={COPY_STATUS_TAGS[status].color}>{COPY_STATUS_TAGS[status].label}</Tag>
        {status === COPY_STATUS.stopped && (
          <div>
            <Typography.Text type="secondary">{stopReasonText(copy.stop_reason)}</Typography.Text>
          </div>
        )}
      </div>
    ),
  },
  {
    title: 'Invested (USD)',
    dataIndex: 'invested',
    align: 'right',
    className: 'amount',
    render: formatMoney,
  },
  {
    title: 'Equity (USD)',
    key: 'equity',
    align: 'right',
    className: 'amount',
    render: (_, copy) =>
      copy.status === COPY_STATUS.stopped ? (
        <Typography.Text type="secondary">returned {formatMoney(copy.returned)}</Typography.Text>
      ) : (
        formatMoney(copy.equity)
      ),
  },
  {
    title: 'P&L (USD)',
    dataIndex: 'pnl',
    align: 'right',
    render: (pnl: number) => <Pnl value={pnl} />,
  },
  {
    title: 'Mirrored / skipped',
    key: 'trades',
    align: 'right',
    className: 'amount',
    render: (_, copy) => `${copy.mirrored} / ${copy.skipped}`,
  },
  {
    title: 'Started (UTC)',
    key: 'times',
    render: (_, copy) => (
      <div style={{ whiteSpace: 'nowrap' }}>
        <div>{formatTime(copy.created_at)}</div>
        {copy.stopped_at !== null && (
          <Typography.Text type="secondary">stopped {formatTime(copy.stopped_at)}</Typography.Text>
        )}
      </div>
    ),
  },
];

/** One leader's figures and their copies, running first, each valued now. */
export function LeaderCopies({ leader }: { leader: AdminCopyLeader }) {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useLeaderCopies({ id: leader.id, page });
  return (
    <div className="stack">
      <Descriptions
        size="small"
        column={3}
        bordered
        items={[
          { key: 'aum', label: 'Assets under copy', children: `${formatMoney(leader.aum)} USD` },
          { key: 'invested', label: 'Invested', children: `${formatMoney(leader.invested)} USD` },
          {
            key: 'copies',
            label: 'Copies',
            children: `${leader.running_copies} running, ${leader.stopped_copies} stopped`,
          },
          { key: 'mirrored', label: 'Trades mirrored', children: leader.mirrored },
          { key: 'skipped', label: 'Trades skipped', children: leader.skipped },
          { key: 'waiting', label: 'Signals waiting', children: leader.waiting_signals },
        ]}
      />
      <Table<AdminLeaderCopy>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isFetching}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </div>
  );
}
