import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { formatUsdText } from '../lib/funding-format.ts';
import type { approvalKind } from '../lib/review-actions.ts';
import { ConfirmModal } from './confirm-modal.tsx';

interface ApproveWithdrawalModalProps {
  open: boolean;
  withdrawal: AdminWithdrawal;
  kind: ReturnType<typeof approvalKind>;
  okText: string;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** What approving does now: a first approval holds the money; the last one pays it out. */
export function ApproveWithdrawalModal({
  open,
  withdrawal,
  kind,
  okText,
  pending,
  onConfirm,
  onCancel,
}: ApproveWithdrawalModalProps) {
  const usd = `${formatUsdText(withdrawal.number)} USD`;
  const send = `${withdrawal.real_number} ${withdrawal.currency_code}`;
  return (
    <ConfirmModal
      open={open}
      title={`${okText}: withdrawal #${withdrawal.id}`}
      okText={okText}
      confirmTestId="withdrawal-confirm"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {kind === 'first' ? (
        <p>The first of two approvals: {usd} stays held until another operator gives the second.</p>
      ) : (
        <p>
          {usd} (fee {formatUsdText(withdrawal.fee)} USD included) leaves {withdrawal.uid}’s
          account. Then send <strong>{send}</strong> to {withdrawal.destination} and record the
          transfer’s reference.
        </p>
      )}
    </ConfirmModal>
  );
}
