import { REVIEW_STATUSES } from '@tradedesk/contract';
import type { IdentityRow } from '@tradedesk/contract/admin';
import { Button, type TableColumnsType } from 'antd';
import { ReviewQueue, useReviewQueueParams } from '../../../components/review-queue.tsx';
import { REVIEW_STATUS_OPTIONS, ReviewStatusTag } from '../../../components/review-status-tag.tsx';
import { formatTime, orDash } from '../../../lib/format.ts';
import { useIdentities } from '../api/use-identities.ts';
import { IdentityReview } from '../components/identity-review.tsx';

const STATUS_VALUES: readonly number[] = Object.values(REVIEW_STATUSES);

function readStatus(text: string): 0 | 1 | 2 {
  const value = Number(text);
  return text !== '' && STATUS_VALUES.includes(value)
    ? (value as 0 | 1 | 2)
    : REVIEW_STATUSES.waiting;
}

function columns(status: number, open: (id: number) => void): TableColumnsType<IdentityRow> {
  return [
    { title: 'UID', dataIndex: 'uid' },
    {
      title: 'Contact',
      key: 'contact',
      render: (_, row) => orDash(row.email ?? row.mobile),
    },
    { title: 'Name', dataIndex: 'name' },
    { title: 'Card id', dataIndex: 'card_id' },
    { title: 'Submitted (UTC)', dataIndex: 'submitted_at', render: formatTime },
    ...(status === REVIEW_STATUSES.waiting
      ? []
      : [{ title: 'Reviewed (UTC)', dataIndex: 'reviewed_at', render: formatTime }]),
    {
      title: 'Status',
      dataIndex: 'review_status',
      render: (value: number, row) => <ReviewStatusTag status={value} reason={row.reason} />,
    },
    {
      title: '',
      key: 'open',
      align: 'right',
      render: (_, row) => (
        <Button size="small" onClick={() => open(row.user_id)}>
          {row.review_status === REVIEW_STATUSES.waiting ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];
}

const STATUS_OPTIONS = REVIEW_STATUS_OPTIONS.map((option) => ({
  ...option,
  value: String(option.value),
}));

/**
 * The identity review queue (waiting, oldest first) and past decisions. Choosing a row opens it
 * beside the list; after a decision the next submission of the page opens.
 */
export function IdentitiesPage() {
  const params = useReviewQueueParams(readStatus);
  const list = useIdentities({ status: params.status, page: params.page });
  return (
    <ReviewQueue<IdentityRow>
      title="Identity reviews"
      kind="identity"
      params={params}
      statusLabel="Review status"
      statusOptions={STATUS_OPTIONS}
      list={list}
      rowId={(row) => row.user_id}
      columns={(open) => columns(params.status, open)}
      countText={(total) => `${total} submissions`}
      drawer={{
        size: 1040,
        title: (row) => (row ? `Identity of ${row.uid}` : 'Identity'),
      }}
      review={(row, onDecided) => (
        <IdentityReview key={row.user_id} identity={row} onDecided={onDecided} />
      )}
    />
  );
}
