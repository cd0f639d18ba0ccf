import { PAGE_SIZE } from '@tradedesk/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { toInt } from '../../platform/db/schema.ts';

export interface InviteeRecord {
  email: string | null;
  mobile: string | null;
  globalCode: string | null;
  createdAt: number;
  /** identities.review_status; 0 when they never submitted. */
  reviewStatus: number;
}

/** The users who registered with an inviter's code, read through users.inviter_id. */
export function createInvitationsRepository(db: Executor) {
  return {
    async page(inviterId: number, page: number): Promise<{ rows: InviteeRecord[]; total: number }> {
      const invited = db.selectFrom('users').where('users.inviter_id', '=', inviterId);
      const [rows, count] = await Promise.all([
        invited
          .leftJoin('identities', 'identities.user_id', 'users.id')
          .leftJoin('areas', 'areas.id', 'users.area_id')
          .select([
            'users.email',
            'users.mobile',
            'users.created_at',
            'areas.global_code',
            'identities.review_status',
          ])
          .orderBy('users.id', 'desc')
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE)
          .execute(),
        invited.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({
          email: r.email,
          mobile: r.mobile,
          globalCode: r.global_code,
          createdAt: toInt(r.created_at),
          reviewStatus: r.review_status === null ? 0 : toInt(r.review_status),
        })),
        total: toInt(count.n),
      };
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
