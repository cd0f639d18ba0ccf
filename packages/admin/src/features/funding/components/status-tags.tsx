import { Tag } from 'antd';
import { depositStatusLook, withdrawalStatusLook } from '../lib/statuses.ts';

export function DepositStatusTag({ status }: { status: number }) {
  const look = depositStatusLook(status);
  return <Tag color={look.color}>{look.label}</Tag>;
}

export function WithdrawalStatusTag({ status }: { status: number }) {
  const look = withdrawalStatusLook(status);
  return <Tag color={look.color}>{look.label}</Tag>;
}

/** Above the four-eyes amount: two operators must approve. */
export function FourEyesTag() {
  return (
    <Tag color="purple" data-testid="withdrawal-four-eyes">
      four eyes
    </Tag>
  );
}
