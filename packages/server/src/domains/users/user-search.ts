import { PAGE_SIZE } from '@tradedesk/contract';
import { sql } from 'kysely';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { UsersTables } from './tables.ts';
import { toUser, type UserRecord } from './user-record.ts';

const PHONE_LIKE = /^[\d\s()+-]+$/;

/** `%` and `_` typed into the search box are characters, not wildcards. */
function likeEscaped(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of users and how many there are in all. */
export interface UserPage {
  rows: UserRecord[];
  total: number;
}

/** Users found as operators and inviters look for them: by what was typed, by who invited them. */
export function createUserSearch(executor: Executor<UsersTables>) {
  /** A page of a query, newest first, with its count. */
  async function paged(
    query: ReturnType<typeof people>,
    page: { limit: number; offset: number },
  ): Promise<UserPage> {
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      query.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toUser), total: toInt(count.n) };
  }

  // Copy accounts (issue 29) are a follower's money in a copy, not people: the copy trading
  // page lists them under their follower.
  const people = () => executor.selectFrom('users').where('owner_id', 'is', null);

  return {
    /**
     * People by what an operator typed (an e-mail fragment, a uid, a phone number by its
     * digits), demo or real, a page of PAGE_SIZE at a time.
     */
    search(filter: { query?: string | undefined; isDemo?: 0 | 1 | undefined; page: number }) {
      let query = people();
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
      return paged(query, { limit: PAGE_SIZE, offset: (filter.page - 1) * PAGE_SIZE });
    },

    /** The users who registered with an inviter's code, newest first. */
    invitees(inviterId: number, page: { limit: number; offset: number }): Promise<UserPage> {
      return paged(executor.selectFrom('users').where('inviter_id', '=', inviterId), page);
    },
  };
}
