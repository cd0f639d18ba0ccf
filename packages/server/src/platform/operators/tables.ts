import type { ColumnType } from 'kysely';
import type { Id, Int, Millis } from '../db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface OperatorsTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
}

export interface OperatorsTable {
  id: Id;
  email: string;
  password_hash: string;
  role: 'owner' | 'finance' | 'compliance' | 'support' | 'editor';
  otp_secret: string | null;
  otp_pending_secret: string | null;
  otp_last_step: Int | null;
  disabled_at: Millis | null;
  created_at: Millis;
  /** 1: the generated first password, to be replaced before anything else (issue 37). */
  password_change_required: ColumnType<
    number | bigint,
    number | bigint | undefined,
    number | bigint
  >;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: Int;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  ip: string | null;
}

/** Append-only: the database refuses updates and deletes. */
export interface AuditLogTable {
  id: Id;
  admin_id: Int | null;
  admin_email: string;
  role: string;
  action: string;
  target_type: string;
  target_id: string;
  before: string | null;
  after: string | null;
  ip: string;
  created_at: Millis;
}
