import { asMicros } from '@tradedesk/engine';
import type { AccountCommand } from '../../platform/core/command-core.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TraderNotice, TraderNotices } from '../../platform/notify/trader-notices.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import { DEPOSIT, type DepositOutcome, depositStatus } from './deposit-lifecycle.ts';
import {
  createDepositsRepository,
  type DepositRecord,
  type DepositsRepository,
} from './deposits.repository.ts';
import { depositAboveMax, USD_LIMIT } from './funding-limits.ts';
import { CURRENCY_SCALE, decimalText, RATE_SCALE, USD_SCALE } from './funding-units.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The notice of a decision on a deposit; its key names the deposit and the outcome. */
export const depositNotice = (
  d: DepositRecord,
  outcome: DepositOutcome,
  vars: Record<string, string>,
): TraderNotice => ({
  key: `deposit:${d.id}:${outcome}`,
  userId: d.userId,
  kind: `deposit_${outcome}`,
  language: d.language,
  vars: { number: decimalText(d.number, CURRENCY_SCALE), currency: d.currencyCode, ...vars },
});

/** What the audit log keeps of a deposit. */
const audited = (d: DepositRecord) => ({
  status: depositStatus.codeOf(d.status),
  number: decimalText(d.number, CURRENCY_SCALE),
  currency: d.currencyCode,
  credited: d.credited === null ? null : decimalText(d.credited, USD_SCALE),
  price_usd: d.priceUsd === null ? null : decimalText(d.priceUsd, RATE_SCALE),
  remark: d.remark,
  first_approver: d.firstApproverEmail,
});

/** Appends the audit row of a decision on a deposit; answers the deposit as it is now. */
export async function auditDeposit(
  executor: Executor,
  deposits: DepositsRepository,
  actor: AuditActor,
  action: string,
  before: DepositRecord,
  at: number,
): Promise<DepositRecord> {
  const after = (await deposits.find(before.id, executor))!;
  await appendAudit(
    executor,
    actor,
    {
      action,
      targetType: 'deposit',
      targetId: before.id,
      before: audited(before),
      after: audited(after),
    },
    at,
  );
  return after;
}

export interface CreditOutcome {
  after: DepositRecord;
  /** The credited notice, recorded with the credit; none after a first approval. */
  noticeKey: string | undefined;
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
 *   hours reaches `fourEyes`, a first approval is recorded; another operator credits.
 */
export function depositCreditCommand(
  deps: { notices: TraderNotices; fourEyes: bigint },
  decision: { actor: AuditActor; id: number; priceUsd: bigint; credit: bigint },
): AccountCommand<CreditOutcome> {
  const { fourEyes } = deps;
  const { actor, id, priceUsd, credit } = decision;
  return {
    name: 'deposit-credit',
    async run(ctx) {
      const deposits = ctx.repository(createDepositsRepository);
      const before = (await deposits.find(id))!;
      if (!canApply(DEPOSIT.credit, before.status)) throw new AppError('DEPOSIT_NOT_UNCHECKED');
      const { balance, lockBalance, marginHeld } = ctx.account;
      const room = USD_LIMIT - (balance + lockBalance + marginHeld);
      if (credit > room) throw depositAboveMax(room, priceUsd);
      const audit = (action: string) =>
        auditDeposit(ctx.trx, deposits, actor, action, before, ctx.at);

      if (before.firstApprovedAt === null) {
        const earlier = await deposits.creditedSince(before.userId, ctx.at - DAY_MS);
        if (credit + earlier >= fourEyes) {
          const by = { id: actor.adminId, email: actor.email };
          if (!(await deposits.firstApproval(id, by, ctx.at)))
            throw new AppError('DEPOSIT_NOT_UNCHECKED');
          const after = await audit(DEPOSIT.firstApproval.audit);
          return { after, noticeKey: undefined, split: credit < fourEyes };
        }
      } else if (before.firstApproverId === actor.adminId) {
        throw new AppError('FOUR_EYES_REQUIRED');
      }

      const step = before.firstApprovedAt === null ? DEPOSIT.credit : DEPOSIT.secondApproval;
      const changed = await deposits.decide({
        id,
        step,
        remark: '',
        priceUsd,
        credited: credit,
        reviewerId: actor.adminId,
        reviewerEmail: actor.email,
        at: ctx.at,
      });
      if (!changed) throw new AppError('DEPOSIT_NOT_UNCHECKED');
      ctx.post([{ kind: step.ledger, amount: asMicros(credit) }], { fundingId: id });
      ctx.emit({ type: 'funding', change: 'deposit-credited', id });
      const after = await audit(step.audit);
      const notice = depositNotice(after, step.outcome, {
        amount: decimalText(credit, USD_SCALE),
      });
      return { after, noticeKey: await deps.notices.record(ctx.trx, notice), split: false };
    },
  };
}
