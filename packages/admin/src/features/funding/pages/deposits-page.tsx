import { DEPOSIT_STATUSES, DEPOSIT_TYPES } from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
import { Button, Drawer, Radio, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PAGE_SIZE, useListParams } from '../../../lib/list-params.ts';
import { useDeposits } from '../api/use-deposits.ts';
import { DepositReview } from '../components/deposit-review.tsx';
import { DestinationText } from '../components/destination-text.tsx';
import { TimeCell } from '../components/time-cell.tsx';
import { TraderCell } from '../components/trader-cell.tsx';
import {
  currencyWithProtocol,
  duplicatesLabel,
  formatCurrencyAmount,
  formatUsdText,
} from '../lib/funding-format.ts';
import { DEPOSIT_STATUS_OPTIONS, readDepositStatus } from '../lib/statuses.ts';

const FILTERS = ['status'] as const;

function columns(status: number, open: (id: number) => void): TableColumnsType<AdminDeposit> {
  return [
    { title: 'ID', dataIndex: 'id', render: (id: number) => `#${id}` },
    { title: 'Trader', key: 'trader', render: (_, row) => <TraderCell trader={row} /> },
    {
      title: 'Channel',
      key: 'channel',
      render: (_, row) => (
        <span className="channel-cell">
          {row.type === DEPOSIT_TYPES.bank ? (
            <Tag color="cyan">wire</Tag>
          ) : (
            <Tag color="blue">coin</Tag>
          )}
          <span>{currencyWithProtocol(row.currency_code, row.protocol_code)}</span>
        </span>
      ),
    },
    {
      title: 'Sent to',
      dataIndex: 'destination',
      render: (value: string) => <DestinationText value={value} compact />,
    },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      className: 'amount',
      render: (_, row) => `${formatCurrencyAmount(row.number)} ${row.currency_code}`,
    },
    {
      title: status === DEPOSIT_STATUSES.finished ? 'Credited (USD)' : 'Credit (USD)',
      key: 'credit',
      align: 'right',
      className: 'amount',
      render: (_, row) => (
        <>
          {row.status === DEPOSIT_STATUSES.unchecked && row.needs_second && (
            <Tag color="gold" data-testid="deposit-four-eyes-tag">
              {row.first_approval ? '1 of 2 approvals' : '2 approvals needed'}
            </Tag>
          )}
          {formatUsdText(row.credit)}
        </>
      ),
    },
    {
      title: 'Submitted (UTC)',
      dataIndex: 'created_at',
      render: (ms: number) => <TimeCell ms={ms} />,
    },
    {
      title: 'Proof',
      dataIndex: 'duplicates',
      render: (ids: number[]) =>
        ids.length > 0 ? (
          <Tag color="red" className="duplicates-tag" data-testid="deposit-duplicates">
            {duplicatesLabel(ids)}
          </Tag>
        ) : null,
    },
    {
      title: '',
      key: 'open',
      align: 'right',
      render: (_, row) => (
        <Button size="small" data-testid="deposit-open" onClick={() => open(row.id)}>
          {row.status === DEPOSIT_STATUSES.unchecked ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];
}

/**
 * The deposit review queue (unchecked, oldest first) and past decisions. A row opens the
 * deposit with its proof image; after a decision the next one of the page opens.
 */
export function DepositsPage() {
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const status = readDepositStatus(filters.status);
  const { data, isFetching } = useDeposits({ status, page });
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
        <Typography.Title level={2}>Deposits</Typography.Title>
      </div>
      <div className="filters">
        <Radio.Group
          optionType="button"
          options={DEPOSIT_STATUS_OPTIONS}
          value={String(status)}
          onChange={(event) => {
            setSelectedId(undefined);
            setFilters({ status: event.target.value as string });
          }}
          aria-label="Deposit status"
          data-testid="deposit-status-filter"
        />
      </div>
      <Table<AdminDeposit>
        rowKey="id"
        size="small"
        className="funding-table"
        columns={columns(status, setSelectedId)}
        dataSource={rows}
        loading={isFetching}
        rowClassName="clickable-row"
        onRow={(row) => ({
          onClick: () => setSelectedId(row.id),
          'data-testid': 'deposit-row',
        })}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} deposits`,
          onChange: (next) => {
            setSelectedId(undefined);
            setPage(next);
          },
        }}
      />
      <Drawer
        open={selected !== undefined}
        onClose={() => setSelectedId(undefined)}
        title={selected ? `Deposit #${selected.id} of ${selected.uid}` : 'Deposit'}
        size={1040}
        destroyOnHidden
      >
        {selected && <DepositReview key={selected.id} deposit={selected} onDecided={openNext} />}
      </Drawer>
    </section>
  );
}
