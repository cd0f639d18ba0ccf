import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { asMicros } from '@tradedesk/engine';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import {
  decideWithdrawal,
  recordWithdrawalStep,
  type WithdrawalDecided,
} from './decide-withdrawal.ts';
import type { FundingDeps } from './funding-deps.ts';
import { finalApprovalFrom, postWithdrawalStep, WITHDRAWAL } from './withdrawal-lifecycle.ts';
import { createWithdrawalsRepository, type WithdrawalRecord } from './withdrawals.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = Pick<
  FundingDeps,
  'core' | 'withdrawals' | 'notices' | 'noticesOn' | 'users' | 'limits'
>;

/**
 * Approves: a withdrawal needing four eyes first waits for a second operator; the final
 * approval pays the held amount out of lock_balance (a ledger row of 0 on the balance,
 * which already gave it at the request). Four eyes counts the account's withdrawals of 24
 * hours under its lock (issue 24, item 3): one below the threshold that takes them to it
 * gets its first approval recorded and answers FOUR_EYES_REQUIRED, as its approver was
 * shown a single approval.
 */
export async function approveWithdrawal(
  deps: Deps,
  actor: AuditActor,
  id: number,
): Promise<AdminWithdrawal> {
  const { decided, row } = await decideWithdrawal(
    deps,
    { name: 'withdrawal-approve', id },
    (ctx, before) => approve(ctx, deps, actor, before),
  );
  if (decided.split) throw new AppError('FOUR_EYES_REQUIRED', {}, row);
  return row;
}

/** The approval under the account's lock: the first of two, or the final one. */
async function approve(
  ctx: CommandContext,
  deps: Deps,
  actor: AuditActor,
  before: WithdrawalRecord,
): Promise<WithdrawalDecided & { split: boolean }> {
  const withdrawals = ctx.repository(createWithdrawalsRepository);
  const { id } = before;
  const by = { id: actor.adminId, email: actor.email };
  const fourEyes = deps.limits.withdrawalFourEyes;
  // Still reviewing: no approval yet, so this one may be the first of two.
  const reviewing = canApply(WITHDRAWAL.firstApproval, before.status);
  const split =
    reviewing &&
    !before.needsSecond &&
    (await withdrawals.waitingOrApprovedSince(before.userId, ctx.at - DAY_MS)) >= fourEyes;
  if (reviewing && (before.needsSecond || split)) {
    if (!(await withdrawals.firstApproval(id, by, ctx.at))) throw new AppError('WITHDRAWAL_STATE');
    const transition = WITHDRAWAL.firstApproval;
    return { ...(await recordWithdrawalStep(ctx, deps, { actor, transition, before })), split };
  }
  const approval = finalApprovalFrom(before.status);
  if (!approval) throw new AppError('WITHDRAWAL_STATE');
  if (approval === WITHDRAWAL.secondApproval && before.firstApproverId === actor.adminId)
    throw new AppError('FOUR_EYES_REQUIRED');
  if (!(await withdrawals.finalApproval(id, approval, by, ctx.at)))
    throw new AppError('WITHDRAWAL_STATE');
  postWithdrawalStep(ctx, approval, id, asMicros(before.number));
  const step = { actor, transition: approval, before };
  return { ...(await recordWithdrawalStep(ctx, deps, step, 'approved')), split: false };
}
