import { WITHDRAWAL_STATUSES } from '@tradedesk/contract';
import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { Button, Drawer, Radio, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { orDash } from '../../../lib/format.ts';
import { PAGE_SIZE, useListParams } from '../../../lib/list-params.ts';
import { useWithdrawals } from '../api/use-withdrawals.ts';
import { ApprovalsList } from '../components/approvals-list.tsx';
import { DestinationText } from '../components/destination-text.tsx';
import { FourEyesTag } from '../components/status-tags.tsx';
import { TimeCell } from '../components/time-cell.tsx';
import { TraderCell } from '../components/trader-cell.tsx';
import { WithdrawalReview } from '../components/withdrawal-review.tsx';
import { currencyWithProtocol, formatUsdText } from '../lib/funding-format.ts';
import { withdrawalActions } from '../lib/review-actions.ts';
import { readWithdrawalStatus, WITHDRAWAL_STATUS_OPTIONS } from '../lib/statuses.ts';

const FILTERS = ['status'] as const;

function columns(open: (id: number) => void): TableColumnsType<AdminWithdrawal> {
  return [
    { title: 'ID', dataIndex: 'id', render: (id: number) => `#${id}` },
    { title: 'Trader', key: 'trader', render: (_, row) => <TraderCell trader={row} /> },
    {
      title: 'Amount (USD)',
      key: 'number',
      align: 'right',
      render: (_, row) => (
        <span className="amount-cell">
          <span>{formatUsdText(row.number)}</span>
          <Typography.Text type="secondary">fee {formatUsdText(row.fee)}</Typography.Text>
        </span>
      ),
    },
    {
      title: 'To send',
      key: 'real_number',
      align: 'right',
      render: (_, row) => (
        <span className="amount-cell">
          <span>
            {row.real_number} {row.currency_code}
          </span>
          <Typography.Text type="secondary">
            {currencyWithProtocol(row.currency_code, row.protocol)}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: 'Destination · payee',
      key: 'destination',
      render: (_, row) => (
        <span className="trader-cell">
          <DestinationText value={row.destination} compact />
          {row.payee_name && <Typography.Text type="secondary">{row.payee_name}</Typography.Text>}
        </span>
      ),
    },
    { title: 'Memo', dataIndex: 'memo', render: orDash },
    {
      title: 'Approvals',
      key: 'approvals',
      render: (_, row) => (
        <>
          {row.needs_second && <FourEyesTag />}
          <ApprovalsList approvals={row.approvals} />
        </>
      ),
    },
    {
      title: 'Requested (UTC)',
      dataIndex: 'created_at',
      render: (ms: number) => <TimeCell ms={ms} />,
    },
    {
      title: '',
      key: 'open',
      align: 'right',
      render: (_, row) => (
        <Button size="small" data-testid="withdrawal-open" onClick={() => open(row.id)}>
          {withdrawalActions(row.status).length > 0 ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];
}

/**
 * The withdrawal queues — to review, awaiting a second approval, approved and to be paid — and
 * the finished ones. A row opens the withdrawal; after a decision the next one of the page opens.
 */
export function WithdrawalsPage() {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const status = readWithdrawalStatus(filters.status);
  const { data, isFetching } = useWithdrawals({ status, page });
  const [selectedId, setSelectedId] = useState<number>();
  const rows = data?.data ?? [];
  const selected = rows.find((row) => row.id === selectedId);

  const openNext = () => {
    const index = rows.findIndex((row) => row.id === selectedId);
    setSelectedId(rows[index + 1]?.id);
  };

  return (
    <section>
      <div className="page-title">
        <Typography.Title level={2}>Withdrawals</Typography.Title>
      </div>
      <div className="filters">
        <Radio.Group
          optionType="button"
          options={WITHDRAWAL_STATUS_OPTIONS}
          value={String(status)}
          onChange={(event) => {
            setSelectedId(undefined);
            setFilters({ status: event.target.value as string });
          }}
          aria-label="Withdrawal status"
          data-testid="withdrawal-status-filter"
        />
      </div>
      <Table<AdminWithdrawal>
        rowKey="id"
        columns={columns(setSelectedId)}
        dataSource={rows}
        loading={isFetching}
        size="small"
        className="funding-table"
        rowClassName="clickable-row"
        onRow={(row) => ({
          onClick: () => setSelectedId(row.id),
          'data-testid': 'withdrawal-row',
        })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) =>
            `${total} withdrawals${status === WITHDRAWAL_STATUSES.reviewing ? ' to review' : ''}`,
          onChange: (next) => {
            setSelectedId(undefined);
            setPage(next);
          },
        }}
      />
      <Drawer
        open={selected !== undefined}
        onClose={() => setSelectedId(undefined)}
        title={selected ? `Withdrawal #${selected.id} of ${selected.uid}` : 'Withdrawal'}
        size={880}
        destroyOnHidden
      >
        {selected && (
          <WithdrawalReview key={selected.id} withdrawal={selected} onDecided={openNext} />
        )}
      </Drawer>
    </section>
  );
}
