import { type InviteList, PAGE_SIZE, REVIEW_STATUSES } from '@tradedesk/contract';
import { wireTime } from '../../platform/http/wire-time.ts';
import type { IdentitiesRepository } from '../identity/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { maskContact, type UserRecord, type UsersRepository } from '../users/index.ts';

/**
 * The inviter's view of the people who registered with their code (SPEC.md §2 /mine/invite):
 * a read model over their owners — the users who name the inviter, their area's calling code,
 * whether their identity was approved.
 */
export function createInvitationsService(deps: {
  users: Pick<UsersRepository, 'invitees'>;
  areas: Pick<SettingsService, 'findArea'>;
  identities: Pick<IdentitiesRepository, 'statusesOf'>;
}) {
  async function globalCodeOf(areaId: number | null): Promise<string | null> {
    return areaId === null ? null : ((await deps.areas.findArea(areaId))?.global_code ?? null);
  }

  return {
    async list(inviter: UserRecord, page: number): Promise<InviteList> {
      const { rows, total } = await deps.users.invitees(inviter.id, {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      });
      const statuses = await deps.identities.statusesOf(rows.map((invitee) => invitee.id));
      const data = await Promise.all(
        rows.map(
          async (invitee): Promise<InviteList['data'][number]> => ({
            contact: maskContact({ ...invitee, globalCode: await globalCodeOf(invitee.areaId) }),
            created_at: wireTime(invitee.createdAt),
            verified: statuses.get(invitee.id) === REVIEW_STATUSES.finished ? 1 : 0,
          }),
        ),
      );
      return { data, total };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
