import { toInt } from '../../platform/db/columns.ts';

/** A user as the services see it: plain numbers, no storage types. */
export interface UserRecord {
  id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  areaId: number | null;
  passwordHash: string | null;
  isDemo: boolean;
  demoId: string | null;
  creditScore: number;
  inviteCode: string;
  inviterId: number | null;
  createdAt: number;
  /** When an operator disabled the account; null while it may log in. */
  disabledAt: number | null;
  /** A copy account's follower (issue 29): such an account never signs in nor leads. */
  ownerId: number | null;
}

type Row = {
  id: number | bigint;
  uid: string;
  email: string | null;
  mobile: string | null;
  area_id: number | bigint | null;
  password_hash: string | null;
  is_demo: number | bigint;
  demo_id: string | null;
  credit_score: number | bigint;
  invite_code: string;
  inviter_id: number | bigint | null;
  created_at: number | bigint;
  disabled_at: number | bigint | null;
  owner_id: number | bigint | null;
};

export function toUser(row: Row): UserRecord {
  return {
    id: toInt(row.id),
    uid: row.uid,
    email: row.email,
    mobile: row.mobile,
    areaId: row.area_id === null ? null : toInt(row.area_id),
    passwordHash: row.password_hash,
    isDemo: toInt(row.is_demo) === 1,
    demoId: row.demo_id,
    creditScore: toInt(row.credit_score),
    inviteCode: row.invite_code,
    inviterId: row.inviter_id === null ? null : toInt(row.inviter_id),
    createdAt: toInt(row.created_at),
    disabledAt: row.disabled_at === null ? null : toInt(row.disabled_at),
    ownerId: row.owner_id === null ? null : toInt(row.owner_id),
  };
}
