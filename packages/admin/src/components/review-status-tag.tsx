import { REVIEW_STATUSES } from '@tradedesk/contract';
import { Tag } from 'antd';

/** Identity review status: 0 none (or rejected, when a reason is kept), 1 waiting, 2 verified. */
export function ReviewStatusTag({ status, reason }: { status: number; reason?: string }) {
  if (status === REVIEW_STATUSES.waiting) return <Tag color="gold">Waiting</Tag>;
  if (status === REVIEW_STATUSES.finished) return <Tag color="green">Verified</Tag>;
  if (reason) return <Tag color="red">Rejected</Tag>;
  return <Tag>Not submitted</Tag>;
}

/** The choices of a review-status filter. */
export const REVIEW_STATUS_OPTIONS = [
  { value: REVIEW_STATUSES.waiting, label: 'Waiting' },
  { value: REVIEW_STATUSES.notSubmitted, label: 'Not submitted / rejected' },
  { value: REVIEW_STATUSES.finished, label: 'Verified' },
] as const;
