import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';

/** Users, sessions, verification codes, captchas, settings and areas. */
export function accountsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('mobile', 'text')
        .addColumn('area_id', 'integer')
        .addColumn('mobile_key', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('demo_id', 'text', (c) => c.unique())
        .addColumn('credit_score', 'integer', (c) => c.notNull().defaultTo(100))
        .addColumn('invite_code', 'text', (c) => c.notNull().unique())
        .addColumn('inviter_id', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_mobile_idx').on('users').column('mobile').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('verification_codes')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('verification_codes_lookup_idx')
        .on('verification_codes')
        .columns(['destination', 'purpose', 'created_at'])
        .execute();

      await db.schema
        .createTable('captchas')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('answer_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('areas')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('global_code', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
