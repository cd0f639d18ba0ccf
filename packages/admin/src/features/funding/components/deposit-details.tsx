import { DEPOSIT_STATUSES, DEPOSIT_TYPES } from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
import type { DescriptionsProps } from 'antd';
import { Typography } from 'antd';
import { formatTime, orDash } from '../../../lib/format.ts';
import {
  currencyWithProtocol,
  formatCurrencyAmount,
  formatUsdText,
} from '../lib/funding-format.ts';
import { DestinationText } from './destination-text.tsx';
import { DepositStatusTag } from './status-tags.tsx';
import { TraderCell } from './trader-cell.tsx';

type Items = NonNullable<DescriptionsProps['items']>;

/** What the trader sent: "0.5 BTC". */
export function depositAmountText(deposit: AdminDeposit): string {
  return `${formatCurrencyAmount(deposit.number)} ${deposit.currency_code}`;
}

/** What approving credits (or credited): "31250.00 USD". */
export function depositCreditText(deposit: AdminDeposit): string {
  return `${formatUsdText(deposit.credit)} USD`;
}

/** Who decided, and when: the first of two approvals, then the decision. */
function decisionItems(deposit: AdminDeposit): Items {
  const items: Items = [];
  if (deposit.first_approval)
    items.push({
      key: 'first-approval',
      label: 'First approval (UTC)',
      children: `${formatTime(deposit.first_approval.at)} by ${deposit.first_approval.operator}`,
    });
  if (deposit.reviewed_at !== null)
    items.push({
      key: 'reviewed',
      label: 'Reviewed (UTC)',
      children: `${formatTime(deposit.reviewed_at)} by ${orDash(deposit.reviewer)}`,
    });
  if (deposit.remark)
    items.push({ key: 'remark', label: 'Remark to the trader', children: deposit.remark });
  return items;
}

/** A deposit's facts for the review: the channel, the amount, the credit, the decision. */
export function depositDetails(deposit: AdminDeposit): Items {
  const channel = deposit.type === DEPOSIT_TYPES.bank ? 'Bank wire' : 'Crypto';
  return [
    { key: 'status', label: 'Status', children: <DepositStatusTag status={deposit.status} /> },
    { key: 'trader', label: 'Trader', children: <TraderCell trader={deposit} /> },
    {
      key: 'channel',
      label: 'Channel',
      children: `${channel}, ${currencyWithProtocol(deposit.currency_code, deposit.protocol_code)}`,
    },
    {
      key: 'destination',
      label: 'Sent to',
      children: <DestinationText value={deposit.destination} />,
    },
    {
      key: 'amount',
      label: 'Amount',
      children: (
        <Typography.Text strong className="amount" data-testid="deposit-amount">
          {depositAmountText(deposit)}
        </Typography.Text>
      ),
    },
    {
      key: 'price',
      label: 'Price',
      children: `${deposit.price_usd} USD per ${deposit.currency_code}`,
    },
    {
      key: 'credit',
      label: deposit.status === DEPOSIT_STATUSES.finished ? 'Credited' : 'Credit on approval',
      children: (
        <Typography.Text strong className="amount" data-testid="deposit-credit">
          {depositCreditText(deposit)}
        </Typography.Text>
      ),
    },
    { key: 'created', label: 'Submitted (UTC)', children: formatTime(deposit.created_at) },
    ...decisionItems(deposit),
  ];
}
