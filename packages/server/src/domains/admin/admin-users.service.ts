import { type Language, PAGE_SIZE } from '@tradedesk/contract';
import type { AdminUser, AdminUserDetail } from '@tradedesk/contract/admin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toInt } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import type { AccountsService } from '../accounts/index.ts';
import { type IdentitiesRepository, toCenter } from '../identity/index.ts';
import {
  type SessionsService,
  toPublicUser,
  toUser,
  type UserRecord,
  type UsersRepository,
} from '../users/index.ts';

/** Live orders of a trader in the wire form of my_deal; empty where the market is not run. */
export type LiveOrdersOf = (userId: number) => Promise<AdminUserDetail['orders']>;

const PHONE_LIKE = /^[\d\s()+-]+$/;

/** `%` and `_` typed into the search box are characters, not wildcards. */
function likeEscaped(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What the audit log keeps of a trader's record before and after an operator's change. */
function audited(user: UserRecord) {
  return { disabled: user.disabledAt !== null, credit_score: user.creditScore };
}

/**
 * Traders as operators see them: search, one trader's whole picture, and the few changes an
 * operator may make to an account that are not money (disable, enable, credit score). Each
 * change and its audit row commit in one transaction.
 */
export function createAdminUsersService(deps: {
  db: Kysely<Database>;
  users: UsersRepository;
  sessions: SessionsService;
  accounts: AccountsService;
  identities: IdentitiesRepository;
  liveOrdersOf: LiveOrdersOf;
  now: () => number;
}) {
  const { db, users, now } = deps;

  async function existing(userId: number): Promise<UserRecord> {
    const user = await users.findById(userId);
    if (!user) throw new AppError('NOT_FOUND');
    return user;
  }

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
  const toAdminUser = async (user: UserRecord) => (await toAdminUsers([user]))[0]!;

  /** One audited change of a trader's record, in one transaction. */
  async function change(
    actor: AuditActor,
    userId: number,
    action: string,
    write: (trx: Kysely<Database>) => Promise<unknown>,
  ): Promise<UserRecord> {
    return db.transaction().execute(async (trx) => {
      const before = await users.findById(userId, trx);
      if (!before) throw new AppError('NOT_FOUND');
      await write(trx);
      const changed = (await users.findById(userId, trx))!;
      // Asked for what already holds (disable a disabled trader): nothing changed, no row.
      if (JSON.stringify(audited(before)) === JSON.stringify(audited(changed))) return changed;
      await appendAudit(
        trx,
        actor,
        {
          action,
          targetType: 'user',
          targetId: userId,
          before: audited(before),
          after: audited(changed),
        },
        now(),
      );
      return changed;
    });
  }

  return {
    async list(filter: { query?: string | undefined; isDemo?: 0 | 1 | undefined; page: number }) {
      // Copy accounts (issue 29) are a follower's money in a copy, not people: the copy
      // trading page lists them under their follower.
      let query = db.selectFrom('users').where('owner_id', 'is', null);
      if (filter.isDemo !== undefined) query = query.where('is_demo', '=', filter.isDemo);
      if (filter.query) {
        const text = filter.query;
        const pattern = likeEscaped(text.toLowerCase());
        // A query that looks like a phone number also searches mobiles, by their digits.
        const digits = PHONE_LIKE.test(text) ? text.replace(/\D/g, '') : '';
        query = query.where((eb) =>
          eb.or([
            // SQLite has no default LIKE escape character: name it, for both databases.
            sql<boolean>`lower(email) like ${pattern} escape '\\'`,
            eb('uid', '=', text),
            ...(digits ? [sql<boolean>`mobile like ${likeEscaped(digits)} escape '\\'`] : []),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('id', 'desc')
          .limit(PAGE_SIZE)
          .offset((filter.page - 1) * PAGE_SIZE)
          .execute(),
        query.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { data: await toAdminUsers(rows.map(toUser)), total: toInt(count.n) };
    },

    async detail(userId: number, ledgerPage: number, language: Language): Promise<AdminUserDetail> {
      const user = await existing(userId);
      const [adminUser, orders, ledger, identity, invitees] = await Promise.all([
        toAdminUser(user),
        deps.liveOrdersOf(user.id),
        deps.accounts.ledgerOf(user.id, ledgerPage, language),
        deps.identities.find(user.id),
        db
          .selectFrom('users')
          .leftJoin('identities', 'identities.user_id', 'users.id')
          .select([
            'users.id',
            'users.uid',
            'users.email',
            'users.mobile',
            'users.created_at',
            'identities.review_status',
          ])
          .where('users.inviter_id', '=', user.id)
          .orderBy('users.id', 'desc')
          .limit(100)
          .execute(),
      ]);
      return {
        user: adminUser,
        orders,
        ledger,
        identity: { ...toCenter(identity), submitted_at: identity?.submittedAt ?? null },
        invitees: invitees.map((r) => ({
          id: toInt(r.id),
          uid: r.uid,
          email: r.email,
          mobile: r.mobile,
          created_at: toInt(r.created_at),
          review_status: (r.review_status === null ? 0 : toInt(r.review_status)) as 0 | 1 | 2,
        })),
      };
    },

    /** Disables a trader: login refused, and every session ends (sockets are told after commit). */
    async disable(actor: AuditActor, userId: number): Promise<AdminUser> {
      const user = await change(actor, userId, 'user.disable', async (trx) => {
        await users.setDisabled(userId, now(), trx);
        await deps.sessions.revokeAll(userId, trx);
      });
      await deps.sessions.announceRevokedAll(userId);
      return toAdminUser(user);
    },

    async enable(actor: AuditActor, userId: number): Promise<AdminUser> {
      return toAdminUser(
        await change(actor, userId, 'user.enable', (trx) => users.setDisabled(userId, null, trx)),
      );
    },

    async setCreditScore(actor: AuditActor, userId: number, score: number): Promise<AdminUser> {
      return toAdminUser(
        await change(actor, userId, 'user.credit_score', (trx) =>
          users.setCreditScore(userId, score, trx),
        ),
      );
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
