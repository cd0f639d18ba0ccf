import { DEPOSIT_STATUSES, DEPOSIT_TYPES, FUNDING_FIELD_MAX } from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { PrivateImage } from '../../../components/private-image.tsx';
import { AdminApiError } from '../../../lib/admin-api.ts';
import { formatTime, orDash } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCan, useCanReadUploads, useMe } from '../../../lib/operator.ts';
import { type DepositDecision, useDepositDecision } from '../api/use-deposit-decision.ts';
import { FOUR_EYES_CODE } from '../api/use-withdrawal-decision.ts';
import {
  approveCreditLabel,
  currencyWithProtocol,
  duplicatesLabel,
  formatCurrencyAmount,
  formatUsdText,
} from '../lib/funding-format.ts';
import {
  depositActions,
  depositApprovalKind,
  isOwnFirstDepositApproval,
} from '../lib/review-actions.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { DestinationText } from './destination-text.tsx';
import { FundingTimeline } from './funding-timeline.tsx';
import { DepositStatusTag } from './status-tags.tsx';
import { TextDecisionModal } from './text-decision-modal.tsx';
import { TraderCell } from './trader-cell.tsx';

interface DepositReviewProps {
  deposit: AdminDeposit;
  /** After a decision: the page moves on to the next deposit. */
  onDecided(): void;
}

type Dialog = 'approve' | 'reject' | 'invalid';

const DONE: Record<DepositDecision['action'], string> = {
  approve: 'approved and credited',
  reject: 'rejected',
  invalid: 'marked invalid',
};

const FIRST_OF_TWO = 'Approve (first of two)';
const SECOND_OF_TWO = 'Give the second approval';

/** One deposit: the proof image beside the amount and the credit, the decision, the timeline. */
export function DepositReview({ deposit, onDecided }: DepositReviewProps) {
  const decide = useDepositDecision();
  const { data: me } = useMe();
  const [dialog, setDialog] = useState<Dialog>();
  const [refusal, setRefusal] = useState<string>();
  const canSeeImage = useCanReadUploads('deposit');
  const canDecide = useCan('approveDeposit');
  const actions = canDecide ? depositActions(deposit.status) : [];
  const amount = `${formatCurrencyAmount(deposit.number)} ${deposit.currency_code}`;
  const credit = `${formatUsdText(deposit.credit)} USD`;
  const kind = depositApprovalKind(deposit);
  const approveText = {
    single: approveCreditLabel(deposit.credit),
    first: FIRST_OF_TWO,
    second: SECOND_OF_TWO,
  }[kind];
  const ownFirst = me !== undefined && isOwnFirstDepositApproval(deposit, me.email);

  const submit = (decision: DepositDecision) => {
    setRefusal(undefined);
    decide.mutate(decision, {
      onSuccess: (row) => {
        setDialog(undefined);
        const waiting = decision.action === 'approve' && row?.status === DEPOSIT_STATUSES.unchecked;
        notify.success(
          waiting
            ? `Deposit #${deposit.id}: first approval given, another operator gives the second`
            : `Deposit #${deposit.id} ${DONE[decision.action]}`,
        );
        onDecided();
      },
      // Other refusals are shown by the API client; the approval dialog has nothing left to offer.
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
    <div className="deposit-review" data-testid="deposit-review">
      <div>
        <h3 className="review-heading">Proof of payment</h3>
        {canSeeImage ? (
          <PrivateImage url={deposit.proof_img} alt={`Proof of deposit #${deposit.id}`} />
        ) : (
          <Alert type="info" showIcon title="Your role may not view deposit proofs." />
        )}
      </div>
      <div className="stack">
        {deposit.needs_second && deposit.status === DEPOSIT_STATUSES.unchecked && (
          <Alert
            type="info"
            showIcon
            data-testid="deposit-four-eyes"
            title="Four eyes: two different operators must approve this credit."
          />
        )}
        {deposit.duplicates.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="deposit-duplicates-alert"
            title={`This proof is the ${duplicatesLabel(deposit.duplicates)}`}
            description="The same image bytes were sent with other deposits: check it is not one payment claimed twice."
          />
        )}
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'status',
              label: 'Status',
              children: <DepositStatusTag status={deposit.status} />,
            },
            { key: 'trader', label: 'Trader', children: <TraderCell trader={deposit} /> },
            {
              key: 'channel',
              label: 'Channel',
              children: `${deposit.type === DEPOSIT_TYPES.bank ? 'Bank wire' : 'Crypto'}, ${currencyWithProtocol(deposit.currency_code, deposit.protocol_code)}`,
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
                  {amount}
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
              label:
                deposit.status === DEPOSIT_STATUSES.finished ? 'Credited' : 'Credit on approval',
              children: (
                <Typography.Text strong className="amount" data-testid="deposit-credit">
                  {credit}
                </Typography.Text>
              ),
            },
            { key: 'created', label: 'Submitted (UTC)', children: formatTime(deposit.created_at) },
            ...(deposit.first_approval
              ? [
                  {
                    key: 'first-approval',
                    label: 'First approval (UTC)',
                    children: `${formatTime(deposit.first_approval.at)} by ${deposit.first_approval.operator}`,
                  },
                ]
              : []),
            ...(deposit.reviewed_at !== null
              ? [
                  {
                    key: 'reviewed',
                    label: 'Reviewed (UTC)',
                    children: `${formatTime(deposit.reviewed_at)} by ${orDash(deposit.reviewer)}`,
                  },
                ]
              : []),
            ...(deposit.remark
              ? [{ key: 'remark', label: 'Remark to the trader', children: deposit.remark }]
              : []),
          ]}
        />
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="deposit-error" />}
        {ownFirst && !refusal && (
          <Alert
            type="warning"
            showIcon
            title="You gave the first approval: another operator must give the second."
          />
        )}
        {actions.length > 0 && (
          <Space wrap>
            <Button
              type="primary"
              data-testid="deposit-approve"
              disabled={decide.isPending}
              onClick={() => setDialog('approve')}
            >
              {approveText}
            </Button>
            <Button
              danger
              data-testid="deposit-reject"
              disabled={decide.isPending}
              onClick={() => setDialog('reject')}
            >
              Reject…
            </Button>
            <Button
              data-testid="deposit-invalid"
              disabled={decide.isPending}
              onClick={() => setDialog('invalid')}
            >
              Mark invalid…
            </Button>
          </Space>
        )}
        <FundingTimeline steps={deposit.timeline} />
      </div>

      <ConfirmModal
        open={dialog === 'approve'}
        title={`Approve deposit #${deposit.id}?`}
        okText={kind === 'first' ? FIRST_OF_TWO : `Credit ${credit}`}
        confirmTestId="deposit-confirm"
        pending={decide.isPending}
        onConfirm={() => submit({ id: deposit.id, action: 'approve' })}
        onCancel={() => setDialog(undefined)}
      >
        {kind === 'first' ? (
          <p>
            The first of two approvals: nothing is credited until another operator gives the second,
            at the price then.
          </p>
        ) : (
          <p>
            {deposit.uid}’s balance is credited <strong>{credit}</strong> for {amount} at{' '}
            {deposit.price_usd} USD each. This cannot be undone here.
          </p>
        )}
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
          pending={decide.isPending}
          onSubmit={(remark) => submit({ id: deposit.id, action, remark })}
          onCancel={() => setDialog(undefined)}
        >
          <p>
            {action === 'invalid'
              ? 'Nothing is credited. Use this for a proof that is no payment (a duplicate, an edited image); the trader reads the remark.'
              : 'Nothing is credited; the trader reads the remark with the deposit and may submit again.'}
          </p>
        </TextDecisionModal>
      ))}
    </div>
  );
}
