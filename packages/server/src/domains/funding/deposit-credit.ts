import { asMicros } from '@tradedesk/engine';
import type { AccountCommand, CommandContext } from '../../platform/core/command-core.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import { DEPOSIT, type DepositTransition, depositStatus } from './deposit-lifecycle.ts';
import { createDepositsRepository, type DepositRecord } from './deposits.repository.ts';
import { type AuditedRecord, auditStep } from './funding-audit.ts';
import { announce, depositDecision } from './funding-decisions.ts';
import type { FundingDeps } from './funding-deps.ts';
import { depositAboveMax, USD_LIMIT } from './funding-limits.ts';
import { CURRENCY_SCALE, decimalText, RATE_SCALE, USD_SCALE } from './funding-units.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the audit log keeps of a deposit. */
const AUDITED_DEPOSIT: AuditedRecord<DepositRecord> = {
  targetType: 'deposit',
  find: (scope, id) => scope.repository(createDepositsRepository).find(id),
  view: (d) => ({
    status: depositStatus.codeOf(d.status),
    number: decimalText(d.number, CURRENCY_SCALE),
    currency: d.currencyCode,
    credited: d.credited === null ? null : decimalText(d.credited, USD_SCALE),
    price_usd: d.priceUsd === null ? null : decimalText(d.priceUsd, RATE_SCALE),
    remark: d.remark,
    first_approver: d.firstApproverEmail,
  }),
};

/** A deposit as an operator's step left it, with the notice to deliver after commit. */
export interface DepositDecided {
  after: DepositRecord;
  /** None after a first approval: only the decision is the trader's news. */
  noticeKeys: string[];
}

/** Audits a step taken on `before` and, for a decision, tells the trader of it. */
export async function recordDepositStep(
  ctx: CommandContext,
  deps: Pick<FundingDeps, 'noticesOn'>,
  step: {
    actor: AuditActor;
    transition: DepositTransition & { audit: string };
    before: DepositRecord;
  },
): Promise<DepositDecided> {
  const { actor, transition, before } = step;
  const after = await auditStep(ctx, actor, AUDITED_DEPOSIT, transition.audit, before);
  if (!transition.outcome) return { after, noticeKeys: [] };
  const decision = depositDecision(after, transition.outcome, ctx.at);
  return { after, noticeKeys: await announce(ctx, deps.noticesOn, decision) };
}

export interface CreditOutcome extends DepositDecided {
  /**
   * A first approval the approver could not foresee: the credit alone is below the four-eyes
   * amount, the account's credits of 24 hours with it are not.
   */
  split: boolean;
}

/**
 * The account command that credits an unchecked deposit (one ledger row), or records the
 * first of two approvals. Under the account's lock, so the credits of 24 hours it counts
 * cannot change meanwhile on another node; every step a conditional update from unchecked.
 * - The account's money (balance + held + margin) may not pass USD_AMOUNT_MAX: AMOUNT_ABOVE_MAX.
 * - Four eyes (issue 24, item 3): when the credit with the account's credits of the last 24
 *   hours reaches the deposits' four-eyes amount, a first approval is recorded; another
 *   operator credits.
 */
export function depositCreditCommand(
  deps: Pick<FundingDeps, 'noticesOn' | 'limits'>,
  decision: { actor: AuditActor; id: number; priceUsd: bigint; credit: bigint },
): AccountCommand<CreditOutcome> {
  const fourEyes = deps.limits.depositFourEyes;
  const { actor, id, priceUsd, credit } = decision;
  return {
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    name: 'deposit-credit',
    async run(ctx) {
      const deposits = ctx.repository(createDepositsRepository);
      const before = await deposits.find(id);
      if (!before) throw new AppError('NOT_FOUND');
      if (!canApply(DEPOSIT.credit, before.status)) throw new AppError('DEPOSIT_NOT_UNCHECKED');
      const { balance, lockBalance, marginHeld } = ctx.account;
      const room = USD_LIMIT - (balance + lockBalance + marginHeld);
      if (credit > room) throw depositAboveMax(room, priceUsd);

      if (before.firstApprovedAt === null) {
        const earlier = await deposits.creditedSince(before.userId, ctx.at - DAY_MS);
        if (credit + earlier >= fourEyes) {
          const by = { id: actor.adminId, email: actor.email };
          if (!(await deposits.firstApproval(id, by, ctx.at)))
            throw new AppError('DEPOSIT_NOT_UNCHECKED');
          const step = { actor, transition: DEPOSIT.firstApproval, before };
          return { ...(await recordDepositStep(ctx, deps, step)), split: credit < fourEyes };
        }
      } else if (before.firstApproverId === actor.adminId) {
        throw new AppError('FOUR_EYES_REQUIRED');
      }

      const transition = before.firstApprovedAt === null ? DEPOSIT.credit : DEPOSIT.secondApproval;
      const changed = await deposits.decide({
        id,
        step: transition,
        remark: '',
        priceUsd,
        credited: credit,
        reviewerId: actor.adminId,
        reviewerEmail: actor.email,
        at: ctx.at,
      });
      if (!changed) throw new AppError('DEPOSIT_NOT_UNCHECKED');
      ctx.post([{ kind: transition.ledger, amount: asMicros(credit) }], { fundingId: id });
      return {
        ...(await recordDepositStep(ctx, deps, { actor, transition, before })),
        split: false,
      };
    },
  };
}
