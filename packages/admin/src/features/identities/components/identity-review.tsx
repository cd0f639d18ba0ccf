import { REVIEW_STATUSES } from '@tradedesk/contract';
import type { IdentityRow } from '@tradedesk/contract/admin';
import { Button, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/operator.ts';
import { useIdentityDecision } from '../api/use-identity-decision.ts';
import { ApproveModal } from './approve-modal.tsx';
import { identityDetails } from './identity-details.tsx';
import { IdentityDocuments } from './identity-documents.tsx';
import { RejectModal } from './reject-modal.tsx';

interface IdentityReviewProps {
  identity: IdentityRow;
  /** After a decision: the page moves on to the next submission. */
  onDecided(): void;
}

/** One submission: both document images side by side, what the trader typed, the decision. */
export function IdentityReview({ identity, onDecided }: IdentityReviewProps) {
  const decide = useIdentityDecision();
  const [dialog, setDialog] = useState<'approve' | 'reject'>();
  const canDecide = useCan('approveIdentity');
  const waiting = identity.review_status === REVIEW_STATUSES.waiting;
  const close = () => setDialog(undefined);

  const send = (decision: { approve: true } | { approve: false; reason: string }) =>
    decide.mutate(
      { userId: identity.user_id, ...decision },
      {
        onSuccess: () => {
          close();
          notify.success(
            `Identity of ${identity.uid} ${decision.approve ? 'approved' : 'rejected'}`,
          );
          onDecided();
        },
      },
    );

  return (
    <div className="stack">
      <Descriptions column={3} size="small" bordered items={identityDetails(identity)} />
      <IdentityDocuments identity={identity} />
      {waiting && canDecide && (
        <Space>
          <Button type="primary" onClick={() => setDialog('approve')} disabled={decide.isPending}>
            Approve…
          </Button>
          <Button danger onClick={() => setDialog('reject')} disabled={decide.isPending}>
            Reject…
          </Button>
        </Space>
      )}
      <ApproveModal
        open={dialog === 'approve'}
        uid={identity.uid}
        name={identity.name}
        cardId={identity.card_id}
        pending={decide.isPending}
        onApprove={() => send({ approve: true })}
        onCancel={close}
      />
      <RejectModal
        open={dialog === 'reject'}
        uid={identity.uid}
        pending={decide.isPending}
        onReject={(reason) => send({ approve: false, reason })}
        onCancel={close}
      />
    </div>
  );
}
