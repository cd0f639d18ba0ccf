import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { Typography } from 'antd';
import { formatTime } from '../../../lib/format.ts';

/** Who approved a withdrawal so far, and when. */
export function ApprovalsList({ approvals }: { approvals: AdminWithdrawal['approvals'] }) {
  if (approvals.length === 0) return <Typography.Text type="secondary">none yet</Typography.Text>;
  return (
    <ul className="approvals-list">
      {approvals.map((approval) => (
        <li key={`${approval.operator}-${approval.at}`}>
          <Typography.Text>{approval.operator}</Typography.Text>{' '}
          <Typography.Text type="secondary">{formatTime(approval.at)}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
