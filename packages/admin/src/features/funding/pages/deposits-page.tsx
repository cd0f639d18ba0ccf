import { DEPOSIT_STATUSES, DEPOSIT_TYPES } from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
import { Button, type TableColumnsType, Tag } from 'antd';
import { ReviewQueue, useReviewQueueParams } from '../../../components/review-queue.tsx';
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
  const params = useReviewQueueParams(readDepositStatus);
  const list = useDeposits({ status: params.status, page: params.page });
  return (
    <ReviewQueue<AdminDeposit>
      title="Deposits"
      kind="deposit"
      params={params}
      statusLabel="Deposit status"
      statusOptions={DEPOSIT_STATUS_OPTIONS}
      list={list}
      rowId={(row) => row.id}
      columns={(open) => columns(params.status, open)}
      countText={(total) => `${total} deposits`}
      table={{ size: 'small', className: 'funding-table' }}
      drawer={{
        size: 1040,
        title: (row) => (row ? `Deposit #${row.id} of ${row.uid}` : 'Deposit'),
      }}
      review={(row, onDecided) => (
        <DepositReview key={row.id} deposit={row} onDecided={onDecided} />
      )}
    />
  );
}
