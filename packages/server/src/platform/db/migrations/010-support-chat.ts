import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { primaryKey, serial } from '../migration-columns.ts';

/**
 * The built-in customer-service chat (issue 12): every message of every trader's one
 * conversation, and per conversation its last activity and how far each side has read.
 * Unread counts are counted from the read markers, so they can never drift from the
 * messages. A reply names its operator; a message is never edited or deleted.
 */
export function supportChatMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('support_messages')
        .addColumn('id', serial(dialect), primaryKey(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('sender', 'text', (c) => c.notNull())
        /** The operator who replied; null for the trader's own messages. */
        .addColumn('operator_id', 'integer', (c) => c.references('operators.id'))
        .addColumn('operator_email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'support_messages_sender',
          sql`(sender = 'trader' AND operator_id IS NULL) OR (sender = 'operator' AND operator_id IS NOT NULL)`,
        )
        .addCheckConstraint('support_messages_content', sql`length(content) > 0`)
        .execute();
      // A conversation reads page by page from its newest message.
      await db.schema
        .createIndex('support_messages_user_idx')
        .on('support_messages')
        .columns(['user_id', 'id'])
        .execute();

      await db.schema
        .createTable('support_conversations')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('last_message_id', 'integer', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        /** The newest message id the trader has seen (0: none). */
        .addColumn('trader_read_id', 'integer', (c) => c.notNull().defaultTo(0))
        /** The newest message id the support desk has seen (0: none). */
        .addColumn('operator_read_id', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The inbox lists conversations by last activity.
      await db.schema
        .createIndex('support_conversations_last_idx')
        .on('support_conversations')
        .columns(['last_at'])
        .execute();
    },
  };
}
