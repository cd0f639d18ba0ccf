import { WITHDRAWAL_STATUSES } from '@tradedesk/contract';
import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { Button, type TableColumnsType, Typography } from 'antd';
import { ReviewQueue, useReviewQueueParams } from '../../../components/review-queue.tsx';
import { orDash } from '../../../lib/format.ts';
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
  const params = useReviewQueueParams(readWithdrawalStatus);
  const list = useWithdrawals({ status: params.status, page: params.page });
  const toReview = params.status === WITHDRAWAL_STATUSES.reviewing ? ' to review' : '';
  return (
    <ReviewQueue<AdminWithdrawal>
      title="Withdrawals"
      kind="withdrawal"
      params={params}
      statusLabel="Withdrawal status"
      statusOptions={WITHDRAWAL_STATUS_OPTIONS}
      list={list}
      rowId={(row) => row.id}
      columns={columns}
      countText={(total) => `${total} withdrawals${toReview}`}
      table={{ size: 'small', className: 'funding-table' }}
      drawer={{
        size: 880,
        title: (row) => (row ? `Withdrawal #${row.id} of ${row.uid}` : 'Withdrawal'),
      }}
      review={(row, onDecided) => (
        <WithdrawalReview key={row.id} withdrawal={row} onDecided={onDecided} />
      )}
    />
  );
}
