import { asMicros } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import { type Database, toBigInt, toInt } from '../../platform/db/schema.ts';
import { RUNNING_STATES } from '../copying/index.ts';
import { orderStatus } from '../trading/index.ts';
import { maskContact } from '../users/index.ts';
import { chunks } from './equity-series.repository.ts';
import type { ClosedPosition } from './ranking-figures.ts';

/** A copy that follows its leader now (active or paused), with its account. */
export interface RunningCopy {
  leaderId: number;
  accountId: number;
  /** Demo money: counted apart, never in the leader's followers or assets under copy. */
  demo: boolean;
}

/** The ranking's and the profiles' reads. */
export function createRankingRepository(db: Kysely<Database>) {
  return {
    /**
     * Closed positions of real traders, by trader: in history with a P&L (a cancelled pending
     * order never opened, DECISIONS.md). Demo accounts never count, and neither do copy
     * accounts (owner_id): their trades are their leader's, mirrored. Nor a disabled login.
     */
    async closedPositions(): Promise<Map<number, ClosedPosition[]>> {
      const rows = await db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select([
          'orders.id',
          'orders.user_id',
          'orders.instrument_id',
          'orders.leverage',
          'orders.margin',
          'orders.pnl',
          'orders.opened_at',
          'orders.closed_at',
        ])
        .where('users.is_demo', '=', 0)
        .where('users.owner_id', 'is', null)
        // A disabled login is no one to follow (copying refuses it too).
        .where('users.disabled_at', 'is', null)
        .where(orderStatus.isIn(['history'], 'orders'))
        .where('orders.pnl', 'is not', null)
        .where('orders.close_reason', '!=', 'cancelled')
        .execute();
      const byUser = new Map<number, ClosedPosition[]>();
      for (const row of rows) {
        const userId = toInt(row.user_id);
        const list = byUser.get(userId) ?? [];
        const closedAt = toInt(row.closed_at ?? 0);
        list.push({
          id: toInt(row.id),
          instrumentId: toInt(row.instrument_id),
          leverage: toInt(row.leverage),
          margin: asMicros(toBigInt(row.margin)),
          pnl: asMicros(toBigInt(row.pnl!)),
          openedAt: toInt(row.opened_at ?? closedAt),
          closedAt,
        });
        byUser.set(userId, list);
      }
      return byUser;
    },

    /** The embedded default's bots. */
    async sampleTraders(): Promise<Set<number>> {
      const rows = await db.selectFrom('sample_traders').select('user_id').execute();
      return new Set(rows.map((r) => toInt(r.user_id)));
    },

    /** The traders' contacts, masked. */
    async contacts(userIds: readonly number[]): Promise<Map<number, string>> {
      const contacts = new Map<number, string>();
      for (const ids of chunks(userIds)) {
        const rows = await db
          .selectFrom('users')
          .select(['id', 'email', 'mobile'])
          .where('id', 'in', ids)
          .execute();
        for (const row of rows) contacts.set(toInt(row.id), maskContact(row));
      }
      return contacts;
    },

    async instrumentCodes(): Promise<Map<number, string>> {
      const rows = await db.selectFrom('instruments').select(['id', 'code']).execute();
      return new Map(rows.map((r) => [toInt(r.id), r.code]));
    },

    /** Copies following their leader now: active or paused (not opening, not stopped). */
    async runningCopies(): Promise<RunningCopy[]> {
      const rows = await db
        .selectFrom('copies')
        .select(['leader_id', 'account_id', 'demo'])
        .where('status', 'in', RUNNING_STATES)
        .execute();
      return rows.map((r) => ({
        leaderId: toInt(r.leader_id),
        accountId: toInt(r.account_id),
        demo: toInt(r.demo) === 1,
      }));
    },

    /** The follower's copy of the leader that runs (active or paused), or 0. */
    async runningCopyOf(followerId: number, leaderId: number): Promise<number> {
      const row = await db
        .selectFrom('copies')
        .select('id')
        .where('follower_id', '=', followerId)
        .where('leader_id', '=', leaderId)
        .where('status', 'in', RUNNING_STATES)
        .executeTakeFirst();
      return row ? toInt(row.id) : 0;
    },

    /** When the trader's first position opened (epoch ms), 0 without one. */
    async firstOpenedAt(userId: number): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.min('opened_at').as('first'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.first === null || row?.first === undefined ? 0 : toInt(row.first);
    },

    /** The account's balance (0 without an account). */
    async balanceOf(userId: number) {
      const row = await db
        .selectFrom('accounts')
        .select('balance')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return asMicros(row ? toBigInt(row.balance) : 0n);
    },
  };
}

export type RankingRepository = ReturnType<typeof createRankingRepository>;
