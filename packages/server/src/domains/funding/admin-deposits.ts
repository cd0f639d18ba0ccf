import { DEPOSIT_TYPES } from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
import { depositCredit } from '@tradedesk/engine';
import { isUnchecked } from './deposit-lifecycle.ts';
import type { DepositRecord } from './deposits.repository.ts';
import type { FundingDeps } from './funding-deps.ts';
import { toAdminDeposit } from './funding-wire.ts';

type Deps = Pick<FundingDeps, 'channels' | 'deposits' | 'users' | 'limits'>;

/** The USD price a deposit is credited at now: its channel's (switched off or not). */
export async function priceOf(
  deps: Pick<FundingDeps, 'channels'>,
  deposit: DepositRecord,
): Promise<bigint> {
  const channel =
    deposit.type === DEPOSIT_TYPES.coin
      ? await deps.channels.network(deposit.networkId ?? 0)
      : await deps.channels.wire(deposit.wireId ?? 0);
  if (!channel) throw new Error(`deposit ${deposit.id} has no channel`);
  return channel.priceUsd;
}

/**
 * Deposits as the desk reviews them: with their traders, the credit at the price now (or as
 * credited), the deposits whose proof has the same bytes, and whether two operators must
 * approve.
 */
export async function adminDeposits(
  deps: Deps,
  rows: readonly DepositRecord[],
): Promise<AdminDeposit[]> {
  const users = await deps.users.findByIds(rows.map((d) => d.userId));
  const duplicates = await deps.deposits.duplicatesOf(rows);
  const fourEyes = deps.limits.depositFourEyes;
  const out: AdminDeposit[] = [];
  for (const d of rows) {
    const priceUsd = d.priceUsd ?? (await priceOf(deps, d));
    const credit = d.credited ?? depositCredit(d.number, priceUsd);
    out.push(
      toAdminDeposit(d, users.get(d.userId), {
        priceUsd,
        credit,
        duplicates: duplicates.get(d.id) ?? [],
        needsSecond: d.firstApprovedAt !== null || (isUnchecked(d.status) && credit >= fourEyes),
      }),
    );
  }
  return out;
}

/** One deposit as the desk reviews it. */
export async function adminDeposit(deps: Deps, deposit: DepositRecord): Promise<AdminDeposit> {
  const [row] = await adminDeposits(deps, [deposit]);
  if (!row) throw new Error(`deposit ${deposit.id} has no review row`);
  return row;
}
