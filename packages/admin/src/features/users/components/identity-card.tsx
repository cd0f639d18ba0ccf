import type { AdminUserDetail } from '@tradedesk/contract/admin';
import { Alert, Card, Descriptions } from 'antd';
import { PrivateImage } from '../../../components/private-image.tsx';
import { ReviewStatusTag } from '../../../components/review-status-tag.tsx';
import { formatTime, orDash } from '../../../lib/format.ts';
import { useCanReadUploads } from '../../../lib/operator.ts';

/** The trader's identity submission: its state, what they entered, both document images. */
export function IdentityCard({ identity }: { identity: AdminUserDetail['identity'] }) {
  const canSeeImages = useCanReadUploads('identity');
  const hasImages = identity.front_pic !== '' || identity.reverse_pic !== '';
  return (
    <Card title="Identity">
      <Descriptions
        column={2}
        size="small"
        items={[
          {
            key: 'status',
            label: 'Status',
            children: <ReviewStatusTag status={identity.review_status} reason={identity.reason} />,
          },
          {
            key: 'submitted',
            label: 'Submitted (UTC)',
            children: formatTime(identity.submitted_at),
          },
          { key: 'name', label: 'Name', children: orDash(identity.name) },
          { key: 'card', label: 'Card id', children: orDash(identity.card_id) },
          ...(identity.reason
            ? [{ key: 'reason', label: 'Rejected because', children: identity.reason, span: 2 }]
            : []),
        ]}
      />
      {hasImages &&
        (canSeeImages ? (
          <div className="id-images">
            <div>
              <h3>Front</h3>
              <PrivateImage url={identity.front_pic} alt="ID document, front side" />
            </div>
            <div>
              <h3>Back</h3>
              <PrivateImage url={identity.reverse_pic} alt="ID document, back side" />
            </div>
          </div>
        ) : (
          <Alert type="info" showIcon title="Your role may not view identity documents." />
        ))}
    </Card>
  );
}
