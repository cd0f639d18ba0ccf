import { FUNDING_FIELD_MAX } from '@tradedesk/contract';
import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { Alert, Button, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { AdminApiError } from '../../../lib/admin-api.ts';
import { notify } from '../../../lib/notify.ts';
import { useCan, useMe } from '../../../lib/operator.ts';
import {
  FOUR_EYES_CODE,
  useWithdrawalDecision,
  type WithdrawalDecision,
} from '../api/use-withdrawal-decision.ts';
import { approvalKind, isOwnFirstApproval, withdrawalActions } from '../lib/review-actions.ts';
import { ApproveWithdrawalModal } from './approve-withdrawal-modal.tsx';
import { FundingTimeline } from './funding-timeline.tsx';
import { TextDecisionModal } from './text-decision-modal.tsx';
import { withdrawalDetails } from './withdrawal-details.tsx';

interface WithdrawalReviewProps {
  withdrawal: AdminWithdrawal;
  /** After a decision: the page moves on to the next withdrawal. */
  onDecided(): void;
}

type Dialog = WithdrawalDecision['action'];

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
  const decide = useWithdrawalDecision();
  const { data: me } = useMe();
  const [dialog, setDialog] = useState<Dialog>();
  const [refusal, setRefusal] = useState<string>();
  const canDecide = useCan('approveWithdrawal');
  const actions = canDecide ? withdrawalActions(withdrawal.status) : [];
  const kind = approvalKind(withdrawal);
  const ownFirst = me !== undefined && isOwnFirstApproval(withdrawal, me.email);

  const submit = (decision: WithdrawalDecision) => {
    setRefusal(undefined);
    decide.mutate(decision, {
      onSuccess: () => {
        setDialog(undefined);
        notify.success(`Withdrawal #${withdrawal.id} ${DONE[decision.action]}`);
        onDecided();
      },
      onError: (error) => {
        if (decision.action !== 'approve') return;
        setDialog(undefined);
        // Four eyes: said beside the buttons, where the operator looks (the client was silent).
        if (error instanceof AdminApiError && error.code === FOUR_EYES_CODE)
          setRefusal(error.message);
      },
    });
  };

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
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="withdrawal-error" />}
      {ownFirst && !refusal && actions.includes('approve') && (
        <Alert
          type="warning"
          showIcon
          title="You gave the first approval: another operator must give the second."
        />
      )}
      {actions.length > 0 && (
        <Space wrap>
          {actions.includes('approve') && (
            <Button
              type="primary"
              data-testid="withdrawal-approve"
              disabled={decide.isPending}
              onClick={() => setDialog('approve')}
            >
              {APPROVE_TEXT[kind]}
            </Button>
          )}
          {actions.includes('paid') && (
            <Button
              type="primary"
              data-testid="withdrawal-paid"
              disabled={decide.isPending}
              onClick={() => setDialog('paid')}
            >
              Mark paid…
            </Button>
          )}
          {actions.includes('reject') && (
            <Button
              danger
              data-testid="withdrawal-reject"
              disabled={decide.isPending}
              onClick={() => setDialog('reject')}
            >
              Reject…
            </Button>
          )}
        </Space>
      )}
      <FundingTimeline steps={withdrawal.timeline} />

      <ApproveWithdrawalModal
        open={dialog === 'approve'}
        withdrawal={withdrawal}
        kind={kind}
        okText={APPROVE_TEXT[kind]}
        pending={decide.isPending}
        onConfirm={() => submit({ id: withdrawal.id, action: 'approve' })}
        onCancel={() => setDialog(undefined)}
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
        pending={decide.isPending}
        onSubmit={(reason) => submit({ id: withdrawal.id, action: 'reject', reason })}
        onCancel={() => setDialog(undefined)}
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
        pending={decide.isPending}
        onSubmit={(reference) => submit({ id: withdrawal.id, action: 'paid', reference })}
        onCancel={() => setDialog(undefined)}
      >
        <p>
          Only once {withdrawal.real_number} {withdrawal.currency_code} has been sent to{' '}
          {withdrawal.destination}. The trader sees the reference.
        </p>
      </TextDecisionModal>
    </div>
  );
}
