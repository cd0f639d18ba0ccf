import type { AdminLeaderCopy } from '@tradedesk/contract/admin';

/** A copy's status in words and the colour of its tag. */
export const COPY_STATUS_TAGS: Record<AdminLeaderCopy['status'], { label: string; color: string }> =
  {
    active: { label: 'Copying', color: 'green' },
    paused: { label: 'Paused', color: 'orange' },
    stopped: { label: 'Stopped', color: 'default' },
  };

/** Why a copy stopped, in words. */
export function stopReasonText(reason: AdminLeaderCopy['stop_reason']): string {
  if (reason === 'copy-stop-loss') return 'Copy stop-loss';
  if (reason === 'user') return 'By the follower';
  return '—';
}

/** What the confirmation of a hide or unhide says will happen. */
export function hideConfirmation(leader: { uid: string; hidden: boolean; running_copies: number }) {
  if (leader.hidden)
    return {
      title: `Show UID ${leader.uid} in the ranking again?`,
      description: 'Followers can find and copy this trader again.',
      okText: 'Show',
    };
  const running =
    leader.running_copies === 0
      ? 'Nobody copies this trader now.'
      : leader.running_copies === 1
        ? 'The running copy goes on.'
        : `The ${leader.running_copies} running copies go on.`;
  return {
    title: `Hide UID ${leader.uid} from the ranking?`,
    description: `New copies are refused. ${running}`,
    okText: 'Hide',
  };
}
