import type { AdminCopyLeader } from '@tradedesk/contract/admin';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import type { Person } from './copying.admin.lookups.ts';
import {
  createLeaderSettingsRepository,
  isVisible,
  type LeaderSettingsRepository,
} from './leader-settings.repository.ts';
import './copy-events.ts';

/**
 * Hides a trader from the ranking and from new copies (or shows them again), and writes the
 * audit row in the same transaction. The change is one conditional update: of operators
 * asking at once, one makes the transition and is audited; the others change nothing and
 * write no row. After commit, every node's ranking hears it and drops (or shows) the trader
 * at once. Answers the leader's row; NOT_FOUND for anyone who is not a person (unknown, or a
 * copy account).
 */
export async function setLeaderHidden(
  deps: {
    transact: Transact;
    /** The settings on the module's root database (read after commit). */
    settings: Pick<LeaderSettingsRepository, 'of'>;
    people: (ids: readonly number[]) => Promise<Map<number, Person>>;
    bus: Bus;
    now: () => number;
    /** The leader's row in the back office's list. */
    leader: (leaderId: number) => Promise<AdminCopyLeader>;
  },
  actor: AuditActor,
  leaderId: number,
  hidden: boolean,
): Promise<AdminCopyLeader> {
  if (!(await deps.people([leaderId])).has(leaderId)) throw new AppError('NOT_FOUND');
  const changed = await deps.transact(async (tx) => {
    const at = deps.now();
    if (!(await tx.repository(createLeaderSettingsRepository).setHidden(leaderId, hidden, at)))
      return false;
    await tx.repository(createAuditLog).append(
      actor,
      {
        action: hidden ? 'leader.hide' : 'leader.unhide',
        targetType: 'user',
        targetId: leaderId,
        before: { hidden: !hidden },
        after: { hidden },
      },
      at,
    );
    return true;
  });
  if (changed) {
    const visible = isVisible(await deps.settings.of(leaderId));
    await deps.bus.publish('leader.visibility', { leaderId, visible });
  }
  return deps.leader(leaderId);
}
