import { z } from 'zod';

/**
 * Where a trader is told things (issue 41): in the app (toast and notice list, live over the
 * socket), by Web Push to an installed app, and by e-mail. What they are told about comes in
 * kinds, each with its own choice of channels.
 */

/**
 * Price alerts; margin calls (the margin level below the call level, and below a second,
 * closer one); closes by take profit, stop loss or stop-out; pending orders filled or
 * expired; deposit and withdrawal decisions; a copy stopped by its stop-loss or its leader.
 */
export const NOTICE_KINDS = ['price', 'margin', 'close', 'order', 'funding', 'copy'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_CHANNELS = ['app', 'push', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export type NoticeChoices = Record<NoticeKind, Record<NoticeChannel, boolean>>;

/**
 * A new trader's choices: everything in the app and by push (push reaches only devices the
 * trader turned it on for); by e-mail what concerns their money without their doing.
 */
export const DEFAULT_NOTICE_CHOICES: NoticeChoices = {
  price: { app: true, push: true, email: false },
  margin: { app: true, push: true, email: true },
  close: { app: true, push: true, email: false },
  order: { app: true, push: true, email: false },
  funding: { app: true, push: true, email: true },
  copy: { app: true, push: true, email: true },
};

/**
 * Quiet hours hold price alerts' push and e-mail (the app still shows them); account alerts,
 * which concern money at risk, ignore them.
 */
export const QUIET_HOURS_KINDS: readonly NoticeKind[] = ['price'];

/** "HH:MM", 00:00–23:59. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** An IANA time zone the server's Intl knows, e.g. "Europe/London". */
const timeZoneField = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  });

const channelChoices = z.object({ app: z.boolean(), push: z.boolean(), email: z.boolean() });

export const noticeChoicesSchema = z.object({
  price: channelChoices,
  margin: channelChoices,
  close: channelChoices,
  order: channelChoices,
  funding: channelChoices,
  copy: channelChoices,
});

export const notificationSettingsRequestSchema = z.object({
  kinds: noticeChoicesSchema,
  /** Quiet hours, both or neither; "22:00"–"07:00" runs over midnight. */
  quiet_from: clockTime.nullable().optional(),
  quiet_to: clockTime.nullable().optional(),
  time_zone: timeZoneField,
});

export const notificationSettingsSchema = z.object({
  kinds: noticeChoicesSchema,
  quiet_from: z.string().nullable(),
  quiet_to: z.string().nullable(),
  time_zone: z.string(),
  /** Devices of this trader that receive push now. */
  push_devices: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The longest push endpoint URL accepted (the services' are a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 1_000;

/** A browser's PushSubscription as its toJSON() gives it. */
export const pushSubscribeRequestSchema = z.object({
  endpoint: z.string().url().max(PUSH_ENDPOINT_MAX),
  keys: z.object({
    /** The browser's P-256 public key, base64url (65 bytes). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
    /** The browser's authentication secret, base64url (16 bytes). */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/),
  }),
});

export const pushUnsubscribeRequestSchema = z.object({
  endpoint: z.string().url().max(PUSH_ENDPOINT_MAX),
});

export const pushKeySchema = z.object({
  /** The server's VAPID public key (base64url), the browser's applicationServerKey. */
  public_key: z.string(),
});

export const notificationTestSchema = z.object({
  /** Devices the test was sent to by push. */
  push_devices: z.number().int(),
});

/**
 * What a push notification carries (JSON, encrypted for the device): the service worker shows
 * `title` and `body`, replaces an earlier one of the same `tag`, and opens `url` on a tap.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** The app's route, e.g. "/trade?id=3". */
  url: string;
  tag: string;
  kind: NoticeKind | 'test';
}
