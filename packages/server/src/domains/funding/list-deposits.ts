import {
  type DepositList,
  type DepositStatus as DepositStatusCode,
  PAGE_SIZE,
} from '@tradedesk/contract';
import type { AdminDeposit } from '@tradedesk/contract/admin';
import type { UserRecord } from '../users/index.ts';
import { adminDeposits } from './admin-deposits.ts';
import { depositStatus } from './deposit-lifecycle.ts';
import type { FundingDeps } from './funding-deps.ts';
import { toDepositWire } from './funding-wire.ts';

/** A page of the trader's deposits (of one type), newest first. */
export async function listDeposits(
  deps: Pick<FundingDeps, 'deposits'>,
  user: UserRecord,
  type: 0 | 1 | undefined,
  page: number,
): Promise<DepositList> {
  const { rows, total } = await deps.deposits.pageOfUser(user.id, type, page, PAGE_SIZE);
  return { data: rows.map(toDepositWire), total };
}

/** The operators' list of one status (a number: the admin contract's filter). */
export async function depositQueue(
  deps: Pick<FundingDeps, 'channels' | 'deposits' | 'users' | 'limits'>,
  status: DepositStatusCode,
  page: number,
): Promise<{ data: AdminDeposit[]; total: number }> {
  const state = depositStatus.stateOf(status);
  const { rows, total } = await deps.deposits.pageByStatus(state, page, PAGE_SIZE);
  return { data: await adminDeposits(deps, rows), total };
}
