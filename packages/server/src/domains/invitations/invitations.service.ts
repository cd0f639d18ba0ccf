import type { InviteList } from '@tradedesk/contract';
import { wireTime } from '../../platform/http/wire-time.ts';
import { maskContact, type UserRecord } from '../users/index.ts';
import type { InvitationsRepository } from './invitations.repository.ts';

/** identities.review_status of an approved identity (SPEC.md §3: 2 finished). */
const IDENTITY_APPROVED = 2;

/** The inviter's view of the people who registered with their code (SPEC.md §2 /mine/invite). */
export function createInvitationsService(deps: { invitations: InvitationsRepository }) {
  return {
    async list(inviter: UserRecord, page: number): Promise<InviteList> {
      const { rows, total } = await deps.invitations.page(inviter.id, page);
      return {
        data: rows.map((r) => ({
          contact: maskContact(r),
          created_at: wireTime(r.createdAt),
          verified: r.reviewStatus === IDENTITY_APPROVED ? 1 : 0,
        })),
        total,
      };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
