import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { primaryKey, serial } from '../migration-columns.ts';

/**
 * The back office and identity verification (issue 10): operators with their own sessions,
 * an append-only audit log, private uploads and the identity each trader submits. What must
 * never happen is refused by the database: an unknown role or status, a waiting or approved
 * identity without its images, a change to the audit log.
 */
export function backOfficeMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();

      await createOperators(db, dialect);
      await createAuditLog(db, dialect);
      await createUploads(db);
      await createIdentities(db);
    },
  };
}

/** Operators and their sessions, apart from traders' own. */
async function createOperators(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    /** The enrolled TOTP secret (base32); null until two-factor is on. */
    .addColumn('otp_secret', 'text')
    /** A secret being enrolled, until a code from it proves the app has it. */
    .addColumn('otp_pending_secret', 'text')
    /** The TOTP time step last accepted: a code works once (RFC 6238 §5.2). */
    .addColumn('otp_last_step', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'operators_role_known',
      sql`role IN ('owner', 'finance', 'compliance', 'support', 'editor')`,
    )
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'text')
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator_idx')
    .on('operator_sessions')
    .column('operator_id')
    .execute();
}

/** The audit log and the triggers that keep it append-only. */
async function createAuditLog(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', serial(dialect), primaryKey(dialect))
    /** Null for what the command line or the bootstrap did. */
    .addColumn('admin_id', 'integer')
    .addColumn('admin_email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_admin_idx')
    .on('audit_log')
    .columns(['admin_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_idx')
    .on('audit_log')
    .columns(['action', 'id'])
    .execute();
  // Append-only whoever connects: no statement may change or remove a row.
  // The statements keep the indentation they were first run with: SQLite stores a trigger's
  // text as written, so databases migrated before and after read the same.
  if (dialect === 'postgres') {
    await sql`
          CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
          BEGIN RAISE EXCEPTION 'audit_log is append-only'; END;
          $$ LANGUAGE plpgsql`.execute(db);
    await sql`
          CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
          FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
    await sql`
          CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
          FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`
          CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    await sql`
          CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  }
}

/** Private uploads (identity images, deposit proofs), each under a random storage key. */
async function createUploads(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    /** The storage key, e.g. "3f2a….jpg": random, so a name tells nothing. */
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    /** SHA-256 of the bytes as uploaded: the same proof sent twice is recognisable. */
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** When a submission first referenced it; unreferenced uploads are removed after a day. */
    .addColumn('referenced_at', 'bigint')
    .addCheckConstraint('uploads_size_positive', sql`size > 0`)
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').column('user_id').execute();
  await db.schema
    .createIndex('uploads_unreferenced_idx')
    .on('uploads')
    .columns(['referenced_at', 'created_at'])
    .execute();
}

/** The identity each trader submits, and its review. */
async function createIdentities(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identities')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('review_status', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('front_upload', 'text', (c) => c.notNull().references('uploads.name'))
    .addColumn('reverse_upload', 'text', (c) => c.notNull().references('uploads.name'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    /** The language the trader submitted in: the decision is told to them in it. */
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'integer', (c) => c.references('operators.id'))
    .addCheckConstraint('identities_status_known', sql`review_status IN (0, 1, 2)`)
    .addCheckConstraint(
      'identities_complete',
      sql`name <> '' AND card_id <> '' AND front_upload <> reverse_upload`,
    )
    // Back to 0 only through a rejection, which says why.
    .addCheckConstraint('identities_rejection_has_reason', sql`review_status <> 0 OR reason <> ''`)
    .addCheckConstraint(
      'identities_decision_recorded',
      sql`review_status <> 2 OR reviewed_at IS NOT NULL`,
    )
    .execute();
  await db.schema
    .createIndex('identities_status_idx')
    .on('identities')
    .columns(['review_status', 'submitted_at'])
    .execute();
}
