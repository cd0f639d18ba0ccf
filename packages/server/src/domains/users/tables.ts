import type { ColumnType, Selectable } from 'kysely';
import type { Id, Int, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface UsersTables {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  captchas: CaptchasTable;
}

export interface UsersTable {
  id: Id;
  uid: string;
  email: string | null;
  mobile: string | null;
  area_id: Int | null;
  /** `${area_id ?? 0}:${digits}`, unique, so one number registers once per area. */
  mobile_key: string | null;
  password_hash: string | null;
  is_demo: Int;
  demo_id: string | null;
  credit_score: Int;
  invite_code: string;
  inviter_id: Int | null;
  created_at: Millis;
  /** A copy account's follower (issue 29): such a row is an account, never a person. */
  owner_id: ColumnType<number | bigint | null, number | bigint | null | undefined, never>;
  /** Set by an operator: login refused, every session revoked. */
  disabled_at: ColumnType<
    number | bigint | null,
    number | bigint | null | undefined,
    number | bigint | null
  >;
}

export interface SessionsTable {
  token_hash: string;
  user_id: Int;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  ip: string | null;
}

export interface VerificationCodesTable {
  id: Id;
  channel: 'email' | 'sms';
  destination: string;
  purpose: 'register' | 'reset';
  code_hash: string;
  created_at: Millis;
  expires_at: Millis;
  consumed_at: Millis | null;
}

export interface CaptchasTable {
  key: string;
  answer_hash: string;
  expires_at: Millis;
  consumed_at: Millis | null;
}

export type UserRow = Selectable<UsersTable>;
