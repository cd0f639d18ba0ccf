import type { Language } from '@tradedesk/contract';
import type { AdminUserDetail } from '@tradedesk/contract/admin';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AccountsService } from '../accounts/index.ts';
import { type IdentitiesRepository, toCenter } from '../identity/index.ts';
import type { SessionsService, UsersRepository } from '../users/index.ts';
import { createTraderChanges } from './trader-changes.ts';
import { createTraderViews, type WithdrawalPaidTimes } from './trader-views.ts';

/** Live orders of a trader in the wire form of my_deal; empty where the market is not run. */
export type LiveOrdersOf = (userId: number) => Promise<AdminUserDetail['orders']>;

/** Invitees an operator sees of a trader: the newest this many. */
const INVITEES_SHOWN = 100;

/**
 * Traders as operators see them: search, one trader's whole picture, and the few changes an
 * operator may make to an account that are not money (trader-changes.ts).
 */
export function createAdminUsersService(deps: {
  transact: Transact;
  /** On the root database: what reads outside a change. */
  users: UsersRepository;
  sessions: SessionsService;
  accounts: AccountsService;
  identities: IdentitiesRepository;
  liveOrdersOf: LiveOrdersOf;
  withdrawalPaidTimes: WithdrawalPaidTimes;
  now: () => number;
}) {
  const { users } = deps;
  const views = createTraderViews(deps);

  /** The newest invitees of a trader, with their identity status. */
  async function inviteesOf(userId: number): Promise<AdminUserDetail['invitees']> {
    const { rows } = await users.invitees(userId, { limit: INVITEES_SHOWN, offset: 0 });
    const statuses = await deps.identities.statusesOf(rows.map((invitee) => invitee.id));
    return rows.map((invitee) => ({
      id: invitee.id,
      uid: invitee.uid,
      email: invitee.email,
      mobile: invitee.mobile,
      created_at: invitee.createdAt,
      review_status: statuses.get(invitee.id)!,
    }));
  }

  return {
    async list(filter: { query?: string | undefined; isDemo?: 0 | 1 | undefined; page: number }) {
      const { rows, total } = await users.search(filter);
      return { data: await views.toAdminUsers(rows), total };
    },

    async detail(userId: number, ledgerPage: number, language: Language): Promise<AdminUserDetail> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('NOT_FOUND');
      const [adminUser, orders, ledger, identity, invitees] = await Promise.all([
        views.toAdminUser(user),
        deps.liveOrdersOf(user.id),
        views.ledgerOf(user.id, ledgerPage, language),
        deps.identities.find(user.id),
        inviteesOf(user.id),
      ]);
      return {
        user: adminUser,
        orders,
        ledger,
        identity: { ...toCenter(identity), submitted_at: identity?.submittedAt ?? null },
        invitees,
      };
    },

    ...createTraderChanges({ ...deps, views }),
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
