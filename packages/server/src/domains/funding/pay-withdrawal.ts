import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import { decideWithdrawal, recordWithdrawalStep } from './decide-withdrawal.ts';
import type { FundingDeps } from './funding-deps.ts';
import { WITHDRAWAL } from './withdrawal-lifecycle.ts';
import { createWithdrawalsRepository } from './withdrawals.repository.ts';

/**
 * Records the transfer of an approved withdrawal. No money moves in the account, yet it is
 * a command on it: its event (the trader's FUNDING) leaves through the outbox with it.
 */
export async function payWithdrawal(
  deps: Pick<FundingDeps, 'core' | 'withdrawals' | 'notices' | 'noticesOn' | 'users'>,
  actor: AuditActor,
  id: number,
  reference: string,
): Promise<AdminWithdrawal> {
  const { row } = await decideWithdrawal(
    deps,
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    { name: 'withdrawal-paid', id },
    async (ctx, before) => {
      const paid = await ctx.repository(createWithdrawalsRepository).paid(id, reference, ctx.at);
      if (!paid) throw new AppError('WITHDRAWAL_STATE');
      const step = { actor, transition: WITHDRAWAL.paid, before };
      return recordWithdrawalStep(ctx, deps, step, 'paid');
    },
  );
  return row;
}
