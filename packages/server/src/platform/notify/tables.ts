import type { ColumnType } from 'kysely';
import type { Id, Int, Maybe, Millis } from '../db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface NoticeTables {
  notice_outbox: NoticeOutboxTable;
}

/** How a notice row leaves. */
export type NoticeChannelName = 'contact' | 'push';

/** Notices to traders, written in their decision's transaction, sent after commit (issue 23). */
export interface NoticeOutboxTable {
  id: Id;
  /** What the notice is, e.g. `deposit:12:credited`: unique, and sent along on every attempt. */
  dedupe_key: string;
  user_id: Int;
  kind: string;
  /** The message's variables as JSON. */
  vars: string;
  language: string;
  /** 'contact': the trader's e-mail, else their mobile; 'push': their push devices. */
  channel: ColumnType<NoticeChannelName, NoticeChannelName | undefined, never>;
  created_at: Millis;
  attempts: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  /** Due while at or before now; NULL once sent or given up. */
  next_attempt_at: Maybe<number | bigint>;
  sent_at: Maybe<number | bigint>;
  last_error: Maybe<string>;
}
