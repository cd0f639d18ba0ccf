import type { Language } from '@tradedesk/contract';
import type { AdminUser, AdminUserDetail } from '@tradedesk/contract/admin';
import { wireTime } from '../../platform/http/wire-time.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { IdentitiesRepository } from '../identity/index.ts';
import { toPublicUser, type UserRecord } from '../users/index.ts';

/** When withdrawals were paid (null while not), by id: funding's read, wired by the root. */
export type WithdrawalPaidTimes = (ids: readonly number[]) => Promise<Map<number, number | null>>;

/** How operators see traders: with their balances, identity status and ledger. */
export function createTraderViews(deps: {
  accounts: AccountsService;
  identities: IdentitiesRepository;
  withdrawalPaidTimes: WithdrawalPaidTimes;
}) {
  /**
   * Traders as operators see them, in three queries however many: balances as they stand (an
   * operator's look never opens an account, which would fund a demo) and identity statuses.
   */
  async function toAdminUsers(found: readonly UserRecord[]): Promise<AdminUser[]> {
    const ids = found.map((user) => user.id);
    const [balances, statuses] = await Promise.all([
      deps.accounts.balancesOf(ids),
      deps.identities.statusesOf(ids),
    ]);
    return found.map((user) => ({
      ...toPublicUser(user),
      disabled: user.disabledAt !== null,
      created_at: user.createdAt,
      ...balances.get(user.id)!,
      review_status: statuses.get(user.id)!,
    }));
  }

  return {
    toAdminUsers,
    toAdminUser: async (user: UserRecord) => (await toAdminUsers([user]))[0]!,

    /**
     * A ledger page where a withdrawal's "paid out" row, written at its approval, also says
     * when the transfer was made (issue 37: the row's own time read as the payment's).
     */
    async ledgerOf(
      userId: number,
      page: number,
      language: Language,
    ): Promise<AdminUserDetail['ledger']> {
      const { data, total } = await deps.accounts.backOfficeLedger(userId, page, language);
      const withdrawalOf = (row: (typeof data)[number]) =>
        row.kind === 'withdraw-payout' ? row.fundingId : null;
      const ids = data.map(withdrawalOf).filter((id) => id !== null);
      const paidTimes = await deps.withdrawalPaidTimes(ids);
      return {
        total,
        data: data.map((row) => {
          const { kind: _kind, fundingId: _fundingId, ...wire } = row;
          const withdrawal = withdrawalOf(row);
          const paidAt = withdrawal === null ? null : (paidTimes.get(withdrawal) ?? null);
          return {
            ...wire,
            withdrawal_payout: row.kind === 'withdraw-payout',
            paid_at: paidAt === null ? null : wireTime(paidAt),
          };
        }),
      };
    },
  };
}

export type TraderViews = ReturnType<typeof createTraderViews>;
