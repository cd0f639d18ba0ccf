import type { Id, Int, Maybe, Millis } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface NotificationsTables {
  push_subscriptions: PushSubscriptionsTable;
  notification_settings: NotificationSettingsTable;
  push_vapid_keys: PushVapidKeysTable;
}

/** A device a trader turned Web Push on for: its push service endpoint and keys. */
export interface PushSubscriptionsTable {
  id: Id;
  user_id: Int;
  endpoint: string;
  /** The browser's P-256 public key and authentication secret, base64url. */
  p256dh: string;
  auth: string;
  created_at: Millis;
}

/** What a trader is told of and where; no row: the defaults. */
export interface NotificationSettingsTable {
  user_id: Int;
  /** NoticeChoices as JSON. */
  choices: string;
  /** "HH:MM" in `time_zone`, both or neither. */
  quiet_from: Maybe<string>;
  quiet_to: Maybe<string>;
  time_zone: string;
  /** The language of the app the trader last set these or a device from: what they read. */
  language: string;
  updated_at: Millis;
}

/** The server's VAPID key pair (one row, id 1): every node signs with the same. */
export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: Millis;
}
