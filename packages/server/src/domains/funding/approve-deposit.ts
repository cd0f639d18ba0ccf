import type { AdminDeposit } from '@tradedesk/contract/admin';
import { depositCredit } from '@tradedesk/engine';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor } from '../../platform/operators/audit-log.ts';
import { adminDeposit, priceOf } from './admin-deposits.ts';
import { depositCreditCommand } from './deposit-credit.ts';
import type { FundingDeps } from './funding-deps.ts';
import { USD_SCALE } from './funding-units.ts';

/**
 * Credits an unchecked deposit at its currency's price now: number × price_usd, rounded
 * down to the micro-USD, one ledger row — the decision and the money in one command.
 * Four eyes (issue 24, item 3): when the credit, with the account's credits of the last 24
 * hours, reaches DEPOSIT_FOUR_EYES_USD, this approval is recorded as the first of two and
 * another operator's credits it. A credit that reaches it only with the account's earlier
 * ones answers FOUR_EYES_REQUIRED (the approver saw no sign of it), its approval recorded.
 */
export async function approveDeposit(
  deps: Pick<
    FundingDeps,
    'core' | 'channels' | 'deposits' | 'users' | 'notices' | 'noticesOn' | 'limits'
  >,
  actor: AuditActor,
  id: number,
): Promise<AdminDeposit> {
  const deposit = await deps.deposits.find(id);
  if (!deposit) throw new AppError('NOT_FOUND');
  const priceUsd = await priceOf(deps, deposit);
  const credit = depositCredit(deposit.number, priceUsd);
  if (credit <= 0n) throw new AppError('AMOUNT_INVALID', { decimals: USD_SCALE });
  const decided = await deps.core.execute(
    deposit.userId,
    depositCreditCommand(deps, { actor, id, priceUsd, credit }),
    { create: true },
  );
  await deps.notices.deliver(...decided.noticeKeys);
  const row = await adminDeposit(deps, decided.after);
  if (decided.split) throw new AppError('FOUR_EYES_REQUIRED', {}, row);
  return row;
}
