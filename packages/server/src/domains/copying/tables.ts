import type { ColumnType } from 'kysely';
import type { Id, Int, Maybe, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface CopyingTables {
  copies: CopiesTable;
  copy_trades: CopyTradesTable;
  copy_outbox: CopyOutboxTable;
  leader_settings: LeaderSettingsTable;
}

/** A follower copying a leader, through a copy account of its own (issue 29). */
export interface CopiesTable {
  id: Id;
  follower_id: Int;
  leader_id: Int;
  /** The copy account: a users row owned by the follower (owner_id). */
  account_id: Int;
  /** 'opening' only in rows older than issue 36 (a start is one transaction now). */
  status: 'opening' | 'active' | 'paused' | 'stopped';
  copy_sl_rate: Int;
  /** micro-USD moved in, less micro-USD taken back. */
  invested: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  /** micro-USD returned to the follower's balance when the copy stopped. */
  returned: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  copy_open: Int;
  /** The leader's last copy_outbox id when the copy started: it takes only later signals. */
  from_signal: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  stop_reason: 'user' | 'copy-stop-loss' | null;
  mirrored: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  skipped: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: Millis;
  stopped_at: Millis | null;
  /** 1: the follower is a demo user, and the copy demo money (issue 36). */
  demo: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
}

/** What a copy did with a leader's order: mirrored as its own order, or skipped and why. */
export interface CopyTradesTable {
  id: Id;
  copy_id: Int;
  leader_order_id: Int;
  copy_order_id: Int | null;
  status: 'mirrored' | 'skipped';
  reason: string | null;
  /** The leader's lots (10^-4). */
  leader_lots: Int;
  created_at: Millis;
}

/** A leader's change waiting to be mirrored to the copies (written in the leader's transaction). */
export interface CopyOutboxTable {
  id: Id;
  leader_id: Int;
  leader_order_id: Int;
  change: 'open' | 'close' | 'stops' | 'part' | 'trailing';
  copy_id: Int | null;
  /** The signal as JSON (copying/copy-signals.ts). */
  payload: string;
  created_at: Millis;
  attempts: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  last_error: string | null;
  /** A failed signal is tried again at this time; its leader's later signals wait behind it. */
  next_attempt_at: Maybe<number | bigint>;
  /** Set aside after its last attempt (with `last_error`): the leader's later signals go on. */
  set_aside_at: Maybe<number | bigint>;
}

export interface LeaderSettingsTable {
  user_id: Int;
  /** 1: an operator hid the trader from the ranking (and from being copied). */
  hidden: Int;
  /** When an operator last hid or showed the trader. */
  updated_at: Millis;
  /** 1: the trader chose to be in the ranking with a profile (issue 36; off by default). */
  listed: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  /** 1: the trader accepts new copies (only while listed). */
  copyable: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  /** When the trader last changed `listed` or `copyable`; null: never. */
  consent_at: Millis | null;
}
