import { REVIEW_STATUSES } from '@tradedesk/contract';
import type { IdentityRow } from '@tradedesk/contract/admin';
import { Alert, Button, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PrivateImage } from '../../../components/private-image.tsx';
import { ReviewStatusTag } from '../../../components/review-status-tag.tsx';
import { formatTime, orDash } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCan, useCanReadUploads } from '../../../lib/operator.ts';
import { useIdentityDecision } from '../api/use-identity-decision.ts';
import { ApproveModal } from './approve-modal.tsx';
import { RejectModal } from './reject-modal.tsx';

interface IdentityReviewProps {
  identity: IdentityRow;
  /** After a decision: the page moves on to the next submission. */
  onDecided(): void;
}

/** One submission: both document images side by side, what the trader typed, the decision. */
export function IdentityReview({ identity, onDecided }: IdentityReviewProps) {
  const decide = useIdentityDecision();
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const canSeeImages = useCanReadUploads('identity');
  const canDecide = useCan('approveIdentity');
  const waiting = identity.review_status === REVIEW_STATUSES.waiting;

  const approve = () =>
    decide.mutate(
      { userId: identity.user_id, approve: true },
      {
        onSuccess: () => {
          setApproving(false);
          notify.success(`Identity of ${identity.uid} approved`);
          onDecided();
        },
      },
    );
  const reject = (reason: string) =>
    decide.mutate(
      { userId: identity.user_id, approve: false, reason },
      {
        onSuccess: () => {
          setRejecting(false);
          notify.success(`Identity of ${identity.uid} rejected`);
          onDecided();
        },
      },
    );

  return (
    <div className="stack">
      <Descriptions
        column={3}
        size="small"
        bordered
        items={[
          { key: 'name', label: 'Name', children: orDash(identity.name) },
          { key: 'card', label: 'Card id', children: orDash(identity.card_id) },
          {
            key: 'status',
            label: 'Status',
            children: <ReviewStatusTag status={identity.review_status} reason={identity.reason} />,
          },
          {
            key: 'user',
            label: 'Trader',
            children: <Link to={`/users/${identity.user_id}`}>{identity.uid}</Link>,
          },
          {
            key: 'contact',
            label: 'Contact',
            children: [identity.email, identity.mobile].filter(Boolean).join(' · ') || '—',
          },
          {
            key: 'submitted',
            label: 'Submitted (UTC)',
            children: formatTime(identity.submitted_at),
          },
          ...(identity.reason
            ? [{ key: 'reason', label: 'Rejected because', children: identity.reason, span: 3 }]
            : []),
        ]}
      />
      {canSeeImages ? (
        <div className="id-images">
          <div>
            <h3>Front</h3>
            <PrivateImage
              url={identity.front_pic}
              alt={`ID document of ${identity.name}, front side`}
            />
          </div>
          <div>
            <h3>Back</h3>
            <PrivateImage
              url={identity.reverse_pic}
              alt={`ID document of ${identity.name}, back side`}
            />
          </div>
        </div>
      ) : (
        <Alert type="info" showIcon title="Your role may not view identity documents." />
      )}
      {waiting && canDecide && (
        <Space>
          <Button type="primary" onClick={() => setApproving(true)} disabled={decide.isPending}>
            Approve…
          </Button>
          <Button danger onClick={() => setRejecting(true)} disabled={decide.isPending}>
            Reject…
          </Button>
        </Space>
      )}
      <ApproveModal
        open={approving}
        uid={identity.uid}
        name={identity.name}
        cardId={identity.card_id}
        pending={decide.isPending}
        onApprove={approve}
        onCancel={() => setApproving(false)}
      />
      <RejectModal
        open={rejecting}
        uid={identity.uid}
        pending={decide.isPending}
        onReject={reject}
        onCancel={() => setRejecting(false)}
      />
    </div>
  );
}
