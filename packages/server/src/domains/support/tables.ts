import type { ColumnType } from 'kysely';
import type { Id, Int, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface SupportTables {
  support_messages: SupportMessagesTable;
  support_conversations: SupportConversationsTable;
}

/** One message of the built-in customer-service chat (migration 010). */
export interface SupportMessagesTable {
  id: Id;
  user_id: Int;
  sender: 'trader' | 'operator';
  operator_id: Int | null;
  operator_email: ColumnType<string, string | undefined, string>;
  content: string;
  created_at: Millis;
}

/** A trader's conversation: its last activity and each side's read marker (message ids). */
export interface SupportConversationsTable {
  user_id: Int;
  last_message_id: Int;
  last_at: Millis;
  trader_read_id: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  operator_read_id: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
}
