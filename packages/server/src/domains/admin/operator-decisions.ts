import type { Admin } from '@tradedesk/contract/admin';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { toAdmin } from '../../platform/operators/admin-auth.service.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import { createOperatorSessions } from '../../platform/operators/operator-sessions.ts';
import {
  createOperatorsRepository,
  type OperatorsRepository,
} from '../../platform/operators/operators.repository.ts';

/**
 * An owner's decisions on another operator: disable them, or remove their two-factor (a lost
 * phone). Either ends every session of theirs and is audited with it, in one transaction; asked
 * for what already holds, nothing changes and nothing is audited.
 */
export function createOperatorDecisions(deps: { transact: Transact; now: () => number }) {
  const { now } = deps;

  async function decide(
    actor: AuditActor,
    operatorId: number,
    action: string,
    change: (operators: OperatorsRepository) => Promise<boolean>,
  ): Promise<Admin> {
    if (actor.adminId === operatorId) throw new AppError('ADMIN_NOT_SELF');
    return deps.transact(async (scope) => {
      const operators = scope.repository(createOperatorsRepository);
      const before = await operators.findById(operatorId);
      if (!before) throw new AppError('NOT_FOUND');
      if (!(await change(operators))) return toAdmin(before);
      await scope.repository(createOperatorSessions).revokeAll(operatorId, now());
      const after = (await operators.findById(operatorId))!;
      await scope.repository(createAuditLog).append(
        actor,
        {
          action,
          targetType: 'operator',
          targetId: operatorId,
          // What the audit log keeps of an operator: never the password hash or the secret.
          before: toAdmin(before),
          after: toAdmin(after),
        },
        now(),
      );
      return toAdmin(after);
    });
  }

  return {
    /** Disables another operator: its sessions end and its login is refused. */
    disable: (actor: AuditActor, operatorId: number) =>
      decide(actor, operatorId, 'operator.disable', (operators) =>
        operators.disable(operatorId, now()),
      ),
    /**
     * Removes another operator's two-factor: whoever held a session of theirs logs in again,
     * with the password alone until they enrol anew. One's own is turned off with a code
     * instead (otpDisable).
     */
    resetOtp: (actor: AuditActor, operatorId: number) =>
      decide(actor, operatorId, 'operator.otp_reset', (operators) =>
        operators.clearOtp(operatorId),
      ),
  };
}
