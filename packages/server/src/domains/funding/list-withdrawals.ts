import {
  type DrawCurrency,
  type DrawList,
  type Language,
  PAGE_SIZE,
  type WithdrawalStatus as WithdrawalStatusCode,
} from '@tradedesk/contract';
import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import type { UserRecord } from '../users/index.ts';
import type { FundingDeps } from './funding-deps.ts';
import { toAdminWithdrawal, toDrawCurrencyWire, toWithdrawWire } from './funding-wire.ts';
import { withdrawalStatus } from './withdrawal-lifecycle.ts';

/** The currencies withdrawals of a type (1 coin, 2 bank) may be paid in now. */
export async function withdrawalCurrencies(
  deps: Pick<FundingDeps, 'channels'>,
  type: 1 | 2,
): Promise<DrawCurrency[]> {
  return (await deps.channels.drawCurrencies({ type, onlyEnabled: true })).map(toDrawCurrencyWire);
}

/** A page of the trader's withdrawals (of one type), newest first. */
export async function listWithdrawals(
  deps: Pick<FundingDeps, 'withdrawals'>,
  user: UserRecord,
  type: 1 | 2 | undefined,
  page: number,
  language: Language,
): Promise<DrawList> {
  const { rows, total } = await deps.withdrawals.pageOfUser(user.id, type, page, PAGE_SIZE);
  return { data: rows.map((w) => toWithdrawWire(w, language)), total };
}

/** The operators' list of one status (a number: the admin contract's filter). */
export async function withdrawalQueue(
  deps: Pick<FundingDeps, 'withdrawals' | 'users'>,
  status: WithdrawalStatusCode,
  page: number,
): Promise<{ data: AdminWithdrawal[]; total: number }> {
  const state = withdrawalStatus.stateOf(status);
  const { rows, total } = await deps.withdrawals.pageByStatus(state, page, PAGE_SIZE);
  const users = await deps.users.findByIds(rows.map((w) => w.userId));
  return { data: rows.map((w) => toAdminWithdrawal(w, users.get(w.userId))), total };
}
