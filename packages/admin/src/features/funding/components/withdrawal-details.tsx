import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import type { DescriptionsProps } from 'antd';
import { Typography } from 'antd';
import { formatTime, orDash } from '../../../lib/format.ts';
import { currencyWithProtocol, formatUsdText } from '../lib/funding-format.ts';
import { ApprovalsList } from './approvals-list.tsx';
import { DestinationText } from './destination-text.tsx';
import { FourEyesTag, WithdrawalStatusTag } from './status-tags.tsx';
import { TraderCell } from './trader-cell.tsx';

type Items = NonNullable<DescriptionsProps['items']>;

/** A withdrawal's facts for the review: amounts, where it goes, who approved, the outcome. */
export function withdrawalDetails(withdrawal: AdminWithdrawal): Items {
  const items: Items = [
    {
      key: 'status',
      label: 'Status',
      children: (
        <>
          <WithdrawalStatusTag status={withdrawal.status} />
          {withdrawal.needs_second && <FourEyesTag />}
        </>
      ),
    },
    { key: 'trader', label: 'Trader', children: <TraderCell trader={withdrawal} /> },
    {
      key: 'currency',
      label: 'Currency',
      children: currencyWithProtocol(withdrawal.currency_code, withdrawal.protocol),
    },
    { key: 'created', label: 'Requested (UTC)', children: formatTime(withdrawal.created_at) },
    {
      key: 'number',
      label: 'Amount (USD, fee included)',
      children: <span className="amount">{formatUsdText(withdrawal.number)}</span>,
    },
    {
      key: 'fee',
      label: 'Fee (USD)',
      children: <span className="amount">{formatUsdText(withdrawal.fee)}</span>,
    },
    {
      key: 'receive',
      label: 'To send',
      span: 2,
      children: (
        <Typography.Text strong className="amount" data-testid="withdrawal-real-number">
          {withdrawal.real_number} {withdrawal.currency_code}
        </Typography.Text>
      ),
    },
    {
      key: 'destination',
      label: 'Destination',
      span: 2,
      children: <DestinationText value={withdrawal.destination} />,
    },
    { key: 'payee', label: 'Payee name', children: orDash(withdrawal.payee_name) },
    { key: 'memo', label: 'Memo', children: orDash(withdrawal.memo) },
    {
      key: 'approvals',
      label: 'Approvals',
      span: 2,
      children: <ApprovalsList approvals={withdrawal.approvals} />,
    },
  ];
  if (withdrawal.reason)
    items.push({ key: 'reason', label: 'Rejected because', span: 2, children: withdrawal.reason });
  if (withdrawal.reference)
    items.push({
      key: 'reference',
      label: 'Transfer reference',
      span: 2,
      children: (
        <Typography.Text copyable data-testid="withdrawal-reference-text">
          {withdrawal.reference}
        </Typography.Text>
      ),
    });
  return items;
}
