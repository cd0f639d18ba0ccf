import { DEPOSIT_STATUSES } from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
import { Alert, Descriptions } from 'antd';
import { PrivateImage } from '../../../components/private-image.tsx';
import { notify } from '../../../lib/notify.ts';
import { useCan, useCanReadUploads, useMe } from '../../../lib/operator.ts';
import { type DepositDecision, useDepositDecision } from '../api/use-deposit-decision.ts';
import { useReviewDecision } from '../hooks/use-review-decision.ts';
import { approveCreditLabel } from '../lib/funding-format.ts';
import {
  type DepositAction,
  depositActions,
  depositApprovalKind,
  isOwnFirstDepositApproval,
} from '../lib/review-actions.ts';
import { DecisionButtons, type DecisionLook } from './decision-buttons.tsx';
import { DepositAlerts } from './deposit-alerts.tsx';
import { depositDetails } from './deposit-details.tsx';
import { DepositDialogs, FIRST_OF_TWO } from './deposit-dialogs.tsx';
import { FourEyesNotes } from './four-eyes-notes.tsx';
import { FundingTimeline } from './funding-timeline.tsx';

interface DepositReviewProps {
  deposit: AdminDeposit;
  /** After a decision: the page moves on to the next deposit. */
  onDecided(): void;
}

const DONE: Record<DepositDecision['action'], string> = {
  approve: 'approved and credited',
  reject: 'rejected',
  invalid: 'marked invalid',
};

/** The decisions' buttons; approving reads as what it does now. */
function depositLooks(deposit: AdminDeposit): Record<DepositAction, DecisionLook> {
  const approve = {
    single: approveCreditLabel(deposit.credit),
    first: FIRST_OF_TWO,
    second: 'Give the second approval',
  }[depositApprovalKind(deposit)];
  return {
    approve: { text: approve, primary: true },
    reject: { text: 'Reject…', danger: true },
    invalid: { text: 'Mark invalid…' },
  };
}

/** Where the proof image stands: the image, or why this operator does not see it. */
function DepositProof({ deposit }: { deposit: AdminDeposit }) {
  const canSeeImage = useCanReadUploads('deposit');
  return (
    <div>
      <h3 className="review-heading">Proof of payment</h3>
      {canSeeImage ? (
        <PrivateImage url={deposit.proof_img} alt={`Proof of deposit #${deposit.id}`} />
      ) : (
        <Alert type="info" showIcon title="Your role may not view deposit proofs." />
      )}
    </div>
  );
}

/** One deposit: the proof image beside the amount and the credit, the decision, the timeline. */
export function DepositReview({ deposit, onDecided }: DepositReviewProps) {
  const { data: me } = useMe();
  const canDecide = useCan('approveDeposit');
  const review = useReviewDecision(useDepositDecision(), (decision, row) => {
    const waiting = decision.action === 'approve' && row?.status === DEPOSIT_STATUSES.unchecked;
    notify.success(
      waiting
        ? `Deposit #${deposit.id}: first approval given, another operator gives the second`
        : `Deposit #${deposit.id} ${DONE[decision.action]}`,
    );
    onDecided();
  });

  return (
    <div className="deposit-review" data-testid="deposit-review">
      <DepositProof deposit={deposit} />
      <div className="stack">
        <DepositAlerts deposit={deposit} />
        <Descriptions column={1} size="small" bordered items={depositDetails(deposit)} />
        <FourEyesNotes
          kind="deposit"
          refusal={review.refusal}
          ownFirst={me !== undefined && isOwnFirstDepositApproval(deposit, me.email)}
        />
        <DecisionButtons
          kind="deposit"
          actions={canDecide ? depositActions(deposit.status) : []}
          looks={depositLooks(deposit)}
          pending={review.pending}
          onChoose={review.open}
        />
        <FundingTimeline steps={deposit.timeline} />
      </div>
      <DepositDialogs
        deposit={deposit}
        kind={depositApprovalKind(deposit)}
        dialog={review.dialog}
        pending={review.pending}
        onSubmit={review.submit}
        onCancel={review.close}
      />
    </div>
  );
}
