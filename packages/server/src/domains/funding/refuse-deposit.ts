import type { AdminDeposit } from '@tradedesk/contract/admin';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import { adminDeposit } from './admin-deposits.ts';
import { recordDepositStep } from './deposit-credit.ts';
import { DEPOSIT } from './deposit-lifecycle.ts';
import { createDepositsRepository } from './deposits.repository.ts';
import type { FundingDeps } from './funding-deps.ts';

type Deps = Pick<
  FundingDeps,
  'core' | 'channels' | 'deposits' | 'users' | 'notices' | 'noticesOn' | 'limits'
>;

/** Rejects an unchecked deposit, with a remark the trader reads. */
export const rejectDeposit = (deps: Deps, actor: AuditActor, id: number, remark: string) =>
  refuse(deps, actor, { id, transition: DEPOSIT.reject, remark });

/** Marks an unchecked deposit invalid (no money arrived, or not as reported). */
export const invalidateDeposit = (deps: Deps, actor: AuditActor, id: number, remark: string) =>
  refuse(deps, actor, { id, transition: DEPOSIT.invalidate, remark });

/**
 * Rejects or invalidates an unchecked deposit: no money moves, yet it is a command on the
 * account, so that the trader's FUNDING leaves through the outbox with the decision.
 */
async function refuse(
  deps: Deps,
  actor: AuditActor,
  refusal: {
    id: number;
    transition: typeof DEPOSIT.reject | typeof DEPOSIT.invalidate;
    remark: string;
  },
): Promise<AdminDeposit> {
  const { id, transition, remark } = refusal;
  const found = await deps.deposits.find(id);
  if (!found) throw new AppError('NOT_FOUND');
  const decided = await deps.core.execute(found.userId, {
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    name: 'deposit-refuse',
    async run(ctx) {
      const deposits = ctx.repository(createDepositsRepository);
      const before = await deposits.find(id);
      if (!before) throw new AppError('NOT_FOUND');
      const changed = await deposits.decide({
        id,
        step: transition,
        remark,
        priceUsd: null,
        credited: null,
        reviewerId: actor.adminId,
        reviewerEmail: actor.email,
        at: ctx.at,
      });
      if (!changed) throw new AppError('DEPOSIT_NOT_UNCHECKED');
      return recordDepositStep(ctx, deps, { actor, transition, before });
    },
  });
  await deps.notices.deliver(...decided.noticeKeys);
  return adminDeposit(deps, decided.after);
}
