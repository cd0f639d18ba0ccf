import type { AdminUser } from '@tradedesk/contract/admin';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import {
  type AccountControls,
  createAccountControls,
  type SessionsService,
  type UserRecord,
} from '../users/index.ts';
import type { TraderViews } from './trader-views.ts';

/** What the audit log keeps of a trader's record before and after an operator's change. */
function audited(user: UserRecord) {
  return { disabled: user.disabledAt !== null, credit_score: user.creditScore };
}

/**
 * The few changes an operator may make to a trader's account that are not money: disable,
 * enable, credit score. Each change and its audit row commit in one transaction.
 */
export function createTraderChanges(deps: {
  transact: Transact;
  sessions: SessionsService;
  views: TraderViews;
  now: () => number;
}) {
  const { now } = deps;

  /** One audited change of a trader's record, in one transaction. */
  async function change(
    actor: AuditActor,
    userId: number,
    action: string,
    write: (controls: AccountControls) => Promise<unknown>,
  ): Promise<UserRecord> {
    return deps.transact(async (scope) => {
      const controls = scope.repository(createAccountControls);
      const before = await controls.find(userId);
      if (!before) throw new AppError('NOT_FOUND');
      await write(controls);
      const after = (await controls.find(userId))!;
      // Asked for what already holds (disable a disabled trader): nothing changed, no row.
      if (JSON.stringify(audited(before)) === JSON.stringify(audited(after))) return after;
      await scope.repository(createAuditLog).append(
        actor,
        {
          action,
          targetType: 'user',
          targetId: userId,
          before: audited(before),
          after: audited(after),
        },
        now(),
      );
      return after;
    });
  }

  return {
    /** Disables a trader: login refused, and every session ends (sockets are told after commit). */
    async disable(actor: AuditActor, userId: number): Promise<AdminUser> {
      const user = await change(actor, userId, 'user.disable', (controls) =>
        controls.disable(userId, now()),
      );
      await deps.sessions.announceRevokedAll(userId);
      return deps.views.toAdminUser(user);
    },
    enable: async (actor: AuditActor, userId: number): Promise<AdminUser> =>
      deps.views.toAdminUser(
        await change(actor, userId, 'user.enable', (controls) => controls.enable(userId)),
      ),
    setCreditScore: async (actor: AuditActor, userId: number, score: number): Promise<AdminUser> =>
      deps.views.toAdminUser(
        await change(actor, userId, 'user.credit_score', (controls) =>
          controls.setCreditScore(userId, score),
        ),
      ),
  };
}
