import type { IdentityRow } from '@tradedesk/contract/admin';
import type { DescriptionsProps } from 'antd';
import { Link } from 'react-router';
import { ReviewStatusTag } from '../../../components/review-status-tag.tsx';
import { formatTime, orDash } from '../../../lib/format.ts';

type Items = NonNullable<DescriptionsProps['items']>;

/** What the trader typed and who they are, for the review. */
export function identityDetails(identity: IdentityRow): Items {
  const items: Items = [
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
  ];
  if (identity.reason)
    items.push({ key: 'reason', label: 'Rejected because', children: identity.reason, span: 3 });
  return items;
}
