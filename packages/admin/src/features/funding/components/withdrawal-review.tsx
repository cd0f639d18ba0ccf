import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { Alert, Descriptions } from 'antd';
import { notify } from '../../../lib/notify.ts';
import { useCan, useMe } from '../../../lib/operator.ts';
import { useWithdrawalDecision } from '../api/use-withdrawal-decision.ts';
import { useReviewDecision } from '../hooks/use-review-decision.ts';
import {
  approvalKind,
  isOwnFirstApproval,
  type WithdrawalAction,
  withdrawalActions,
} from '../lib/review-actions.ts';
import { DecisionButtons, type DecisionLook } from './decision-buttons.tsx';
import { FourEyesNotes } from './four-eyes-notes.tsx';
import { FundingTimeline } from './funding-timeline.tsx';
import { withdrawalDetails } from './withdrawal-details.tsx';
import { WithdrawalDialogs } from './withdrawal-dialogs.tsx';

interface WithdrawalReviewProps {
  withdrawal: AdminWithdrawal;
  /** After a decision: the page moves on to the next withdrawal. */
  onDecided(): void;
}

const APPROVE_TEXT = {
  single: 'Approve',
  first: 'Approve (first of two)',
  second: 'Give the second approval',
} as const;

const DONE = {
  approve: 'approved',
  reject: 'rejected, the amount returned',
  paid: 'recorded as paid',
} as const;

/** One withdrawal: where the money goes, who approved it, the decisions its status allows. */
export function WithdrawalReview({ withdrawal, onDecided }: WithdrawalReviewProps) {
  const { data: me } = useMe();
  const canDecide = useCan('approveWithdrawal');
  const review = useReviewDecision(useWithdrawalDecision(), (decision) => {
    notify.success(`Withdrawal #${withdrawal.id} ${DONE[decision.action]}`);
    onDecided();
  });
  const actions = canDecide ? withdrawalActions(withdrawal.status) : [];
  const kind = approvalKind(withdrawal);
  const looks: Record<WithdrawalAction, DecisionLook> = {
    approve: { text: APPROVE_TEXT[kind], primary: true },
    paid: { text: 'Mark paid…', primary: true },
    reject: { text: 'Reject…', danger: true },
  };
  const ownFirst = me !== undefined && isOwnFirstApproval(withdrawal, me.email);

  return (
    <div className="stack" data-testid="withdrawal-review">
      {withdrawal.needs_second && (
        <Alert
          type="info"
          showIcon
          title="Four eyes: two different operators must approve this withdrawal."
        />
      )}
      <Descriptions column={2} size="small" bordered items={withdrawalDetails(withdrawal)} />
      <FourEyesNotes
        kind="withdrawal"
        refusal={review.refusal}
        ownFirst={ownFirst && actions.includes('approve')}
      />
      <DecisionButtons
        kind="withdrawal"
        actions={actions}
        looks={looks}
        pending={review.pending}
        onChoose={review.open}
      />
      <FundingTimeline steps={withdrawal.timeline} />
      <WithdrawalDialogs
        withdrawal={withdrawal}
        kind={kind}
        approveText={APPROVE_TEXT[kind]}
        dialog={review.dialog}
        pending={review.pending}
        onSubmit={review.submit}
        onCancel={review.close}
      />
    </div>
  );
}
