import type { User } from '@tradedesk/contract';
import type { UserRecord } from './users.repository.ts';

/** The user as the wire shows it (SPEC.md §3 User). */
export function toPublicUser(user: UserRecord): User {
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    mobile: user.mobile,
    area_id: user.areaId,
    is_demo: user.isDemo ? 1 : 0,
    credit_score: user.creditScore,
    invite_code: user.inviteCode,
  };
}
