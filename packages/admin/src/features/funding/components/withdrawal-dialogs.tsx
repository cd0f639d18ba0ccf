import { FUNDING_FIELD_MAX } from '@tradedesk/contract';
import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import type { WithdrawalDecision } from '../api/use-withdrawal-decision.ts';
import type { approvalKind } from '../lib/review-actions.ts';
import { ApproveWithdrawalModal } from './approve-withdrawal-modal.tsx';
import { TextDecisionModal } from './text-decision-modal.tsx';

interface WithdrawalDialogsProps {
  withdrawal: AdminWithdrawal;
  kind: ReturnType<typeof approvalKind>;
  /** The approve button's words, repeated on the dialog's. */
  approveText: string;
  /** The decision whose dialog is open, if any. */
  dialog: WithdrawalDecision['action'] | undefined;
  pending: boolean;
  onSubmit(decision: WithdrawalDecision): void;
  onCancel(): void;
}

/** A withdrawal's decision dialogs: approve, reject (a reason), record the transfer (a reference). */
export function WithdrawalDialogs({
  withdrawal,
  kind,
  approveText,
  dialog,
  pending,
  onSubmit,
  onCancel,
}: WithdrawalDialogsProps) {
  return (
    <>
      <ApproveWithdrawalModal
        open={dialog === 'approve'}
        withdrawal={withdrawal}
        kind={kind}
        okText={approveText}
        pending={pending}
        onConfirm={() => onSubmit({ id: withdrawal.id, action: 'approve' })}
        onCancel={onCancel}
      />
      <TextDecisionModal
        open={dialog === 'reject'}
        title={`Reject withdrawal #${withdrawal.id}`}
        label="Reason shown to the trader"
        okText="Reject"
        danger
        maxLength={FUNDING_FIELD_MAX.reason}
        requiredMessage="Tell the trader why"
        fieldTestId="withdrawal-reason"
        confirmTestId="withdrawal-confirm"
        pending={pending}
        onSubmit={(reason) => onSubmit({ id: withdrawal.id, action: 'reject', reason })}
        onCancel={onCancel}
      >
        <p>The held {withdrawal.number} USD returns to the trader’s balance.</p>
      </TextDecisionModal>
      <TextDecisionModal
        open={dialog === 'paid'}
        title={`Record the transfer of withdrawal #${withdrawal.id}`}
        label="Transfer reference (transaction hash or bank reference)"
        okText="Mark paid"
        maxLength={FUNDING_FIELD_MAX.reference}
        requiredMessage="Enter the transfer’s reference"
        fieldTestId="withdrawal-reference"
        confirmTestId="withdrawal-confirm"
        pending={pending}
        onSubmit={(reference) => onSubmit({ id: withdrawal.id, action: 'paid', reference })}
        onCancel={onCancel}
      >
        <p>
          Only once {withdrawal.real_number} {withdrawal.currency_code} has been sent to{' '}
          {withdrawal.destination}. The trader sees the reference.
        </p>
      </TextDecisionModal>
    </>
  );
}
