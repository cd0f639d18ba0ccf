import type { AdminLeaderCopy } from '@tradedesk/contract/admin';
import { type Micros, microsToNumber, ZERO_MICROS } from '@tradedesk/engine';
import { isRunning } from './copy-lifecycle.ts';
import type { EquityOf, Person } from './copying.admin.lookups.ts';
import type { CopyingAdminRepository, LeaderCopy } from './copying.admin.repository.ts';

function toLeaderCopy(copy: LeaderCopy, follower: Person, equity: Micros): AdminLeaderCopy {
  const running = isRunning(copy);
  const worth = running ? equity : copy.returned;
  return {
    id: copy.id,
    follower_id: follower.id,
    uid: follower.uid,
    contact: follower.contact,
    demo: follower.isDemo,
    status: copy.status,
    invested: microsToNumber(copy.invested),
    equity: microsToNumber(running ? equity : ZERO_MICROS),
    returned: microsToNumber(copy.returned),
    pnl: microsToNumber((worth - copy.invested) as Micros),
    mirrored: copy.mirrored,
    skipped: copy.skipped,
    created_at: copy.createdAt,
    stopped_at: copy.stoppedAt,
    stop_reason: copy.stopReason,
  };
}

/** A page of a leader's copies in the back office, with each running one's equity now. */
export async function leaderCopies(
  deps: {
    repository: Pick<CopyingAdminRepository, 'copiesOf'>;
    equityOf: EquityOf;
    people: (ids: readonly number[]) => Promise<Map<number, Person>>;
  },
  leaderId: number,
  page: number,
) {
  const { data, total } = await deps.repository.copiesOf(leaderId, page);
  const followers = await deps.people(data.map((copy) => copy.followerId));
  const equity = await deps.equityOf(data.filter(isRunning).map((copy) => copy.accountId));
  return {
    data: data.flatMap((copy) => {
      const follower = followers.get(copy.followerId);
      if (!follower) return [];
      return [toLeaderCopy(copy, follower, equity.get(copy.accountId) ?? ZERO_MICROS)];
    }),
    total,
  };
}
