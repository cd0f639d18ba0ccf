import { FUNDING_FIELD_MAX } from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
import { Alert } from 'antd';
import type { DepositDecision } from '../api/use-deposit-decision.ts';
import { duplicatesLabel } from '../lib/funding-format.ts';
import type { depositApprovalKind } from '../lib/review-actions.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { depositAmountText, depositCreditText } from './deposit-details.tsx';
import { TextDecisionModal } from './text-decision-modal.tsx';

export const FIRST_OF_TWO = 'Approve (first of two)';

interface DepositDialogsProps {
  deposit: AdminDeposit;
  kind: ReturnType<typeof depositApprovalKind>;
  /** The decision whose dialog is open, if any. */
  dialog: DepositDecision['action'] | undefined;
  pending: boolean;
  onSubmit(decision: DepositDecision): void;
  onCancel(): void;
}

/** The approval in money, read before clicking. */
function ApproveText({ deposit, kind }: Pick<DepositDialogsProps, 'deposit' | 'kind'>) {
  if (kind === 'first')
    return (
      <p>
        The first of two approvals: nothing is credited until another operator gives the second, at
        the price then.
      </p>
    );
  return (
    <p>
      {deposit.uid}’s balance is credited <strong>{depositCreditText(deposit)}</strong> for{' '}
      {depositAmountText(deposit)} at {deposit.price_usd} USD each. This cannot be undone here.
    </p>
  );
}

/** A deposit's decision dialogs: approve (confirmed in money), reject or mark invalid (a remark). */
export function DepositDialogs({
  deposit,
  kind,
  dialog,
  pending,
  onSubmit,
  onCancel,
}: DepositDialogsProps) {
  return (
    <>
      <ConfirmModal
        open={dialog === 'approve'}
        title={`Approve deposit #${deposit.id}?`}
        okText={kind === 'first' ? FIRST_OF_TWO : `Credit ${depositCreditText(deposit)}`}
        confirmTestId="deposit-confirm"
        pending={pending}
        onConfirm={() => onSubmit({ id: deposit.id, action: 'approve' })}
        onCancel={onCancel}
      >
        <ApproveText deposit={deposit} kind={kind} />
        {deposit.duplicates.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={`This proof is the ${duplicatesLabel(deposit.duplicates)}.`}
          />
        )}
      </ConfirmModal>
      {(['reject', 'invalid'] as const).map((action) => (
        <TextDecisionModal
          key={action}
          open={dialog === action}
          title={`${action === 'invalid' ? 'Mark invalid' : 'Reject'}: deposit #${deposit.id}`}
          label="Remark shown to the trader"
          okText={action === 'invalid' ? 'Mark invalid' : 'Reject'}
          danger
          maxLength={FUNDING_FIELD_MAX.reason}
          requiredMessage="Tell the trader why"
          fieldTestId="deposit-remark"
          confirmTestId="deposit-confirm"
          pending={pending}
          onSubmit={(remark) => onSubmit({ id: deposit.id, action, remark })}
          onCancel={onCancel}
        >
          <p>
            {action === 'invalid'
              ? 'Nothing is credited. Use this for a proof that is no payment (a duplicate, an edited image); the trader reads the remark.'
              : 'Nothing is credited; the trader reads the remark with the deposit and may submit again.'}
          </p>
        </TextDecisionModal>
      ))}
    </>
  );
}
