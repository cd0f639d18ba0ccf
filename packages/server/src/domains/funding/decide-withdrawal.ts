import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import { type AuditedRecord, auditStep } from './funding-audit.ts';
import { announce, type WithdrawalOutcome, withdrawalDecision } from './funding-decisions.ts';
import type { FundingDeps } from './funding-deps.ts';
import { CURRENCY_SCALE, decimalText, USD_SCALE } from './funding-units.ts';
import { toAdminWithdrawal } from './funding-wire.ts';
import { type WithdrawalTransition, withdrawalStatus } from './withdrawal-lifecycle.ts';
import { createWithdrawalsRepository, type WithdrawalRecord } from './withdrawals.repository.ts';

/** What the audit log keeps of a withdrawal. */
const AUDITED_WITHDRAWAL: AuditedRecord<WithdrawalRecord> = {
  targetType: 'withdrawal',
  find: (scope, id) => scope.repository(createWithdrawalsRepository).find(id),
  view: (w) => ({
    status: withdrawalStatus.codeOf(w.status),
    number: decimalText(w.number, USD_SCALE),
    fee: decimalText(w.fee, USD_SCALE),
    real_number: decimalText(w.realNumber, CURRENCY_SCALE),
    currency: w.currencyCode,
    destination: w.destination,
    reason: w.reason,
    reference: w.reference,
  }),
};

/** An operator's step, which the audit log names. */
type AuditedTransition = WithdrawalTransition & { readonly audit: string };

/** A withdrawal as an operator's step left it, with the notice to deliver after commit. */
export interface WithdrawalDecided {
  after: WithdrawalRecord;
  /** None for a first approval: only the final decision is the trader's news. */
  noticeKeys: string[];
}

/**
 * Runs an operator's step on a withdrawal as a command on its trader's account (its event, the
 * trader's FUNDING, leaves through the outbox with it), then delivers the step's notice.
 * `step` gets the withdrawal as read under the account's lock. Answers what the step answered
 * and the desk's row of the withdrawal as it left it.
 */
export async function decideWithdrawal<T extends WithdrawalDecided>(
  deps: Pick<FundingDeps, 'core' | 'withdrawals' | 'notices' | 'users'>,
  command: { name: string; id: number },
  step: (ctx: CommandContext, before: WithdrawalRecord) => Promise<T>,
): Promise<{ decided: T; row: AdminWithdrawal }> {
  const found = await deps.withdrawals.find(command.id);
  if (!found) throw new AppError('NOT_FOUND');
  const decided = await deps.core.execute(found.userId, {
    name: command.name,
    async run(ctx) {
      const before = await ctx.repository(createWithdrawalsRepository).find(command.id);
      if (!before) throw new AppError('NOT_FOUND');
      return step(ctx, before);
    },
  });
  await deps.notices.deliver(...decided.noticeKeys);
  const trader = await deps.users.findById(decided.after.userId);
  return { decided, row: toAdminWithdrawal(decided.after, trader) };
}

/** Audits a step taken on `before` and, for a decision, tells the trader of it. */
export async function recordWithdrawalStep(
  ctx: CommandContext,
  deps: Pick<FundingDeps, 'noticesOn'>,
  step: { actor: AuditActor; transition: AuditedTransition; before: WithdrawalRecord },
  outcome?: WithdrawalOutcome,
): Promise<WithdrawalDecided> {
  const { actor, transition, before } = step;
  const after = await auditStep(ctx, actor, AUDITED_WITHDRAWAL, transition.audit, before);
  if (!outcome) return { after, noticeKeys: [] };
  const decision = withdrawalDecision(after, outcome, ctx.at);
  return { after, noticeKeys: await announce(ctx, deps.noticesOn, decision) };
}
