import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { asMicros } from '@tradedesk/engine';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import { decideWithdrawal, recordWithdrawalStep } from './decide-withdrawal.ts';
import type { FundingDeps } from './funding-deps.ts';
import { postWithdrawalStep, WITHDRAWAL } from './withdrawal-lifecycle.ts';
import { createWithdrawalsRepository } from './withdrawals.repository.ts';

/** Rejects a withdrawal before it is paid out: the held amount returns to the balance. */
export async function rejectWithdrawal(
  deps: Pick<FundingDeps, 'core' | 'withdrawals' | 'notices' | 'noticesOn' | 'users'>,
  actor: AuditActor,
  id: number,
  reason: string,
): Promise<AdminWithdrawal> {
  const { row } = await decideWithdrawal(
    deps,
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    { name: 'withdrawal-reject', id },
    async (ctx, before) => {
      const rejected = await ctx.repository(createWithdrawalsRepository).reject(id, reason, ctx.at);
      if (!rejected) throw new AppError('WITHDRAWAL_STATE');
      postWithdrawalStep(ctx, WITHDRAWAL.reject, id, asMicros(before.number));
      const step = { actor, transition: WITHDRAWAL.reject, before };
      return recordWithdrawalStep(ctx, deps, step, 'rejected');
    },
  );
  return row;
}
