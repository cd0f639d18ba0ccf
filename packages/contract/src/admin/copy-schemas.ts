import { z } from 'zod';
import { COPY_STATUSES, COPY_STOP_REASONS } from '../http/copying.ts';
import { pageField } from '../http/fields.ts';
import { idParamSchema } from './schemas.ts';

/**
 * Copy trading in the back office (issue 29): who is copied, with how much, what the copies
 * did with the leaders' trades, and the switch that hides a leader from the ranking and from
 * new copies. Money is USD as numbers made from exact micro-dollars on the server.
 */

/**
 * A leader as operators see them: someone with copies (any status), hidden by an operator, or
 * who ever chose whether to be listed and copied.
 */
export const adminCopyLeaderSchema = z.object({
  /** The leader's user id (a ranking row's id). */
  id: z.number().int(),
  uid: z.string(),
  /** The e-mail or mobile number masked as the ranking shows it; null without either. */
  contact: z.string().nullable(),
  /** One of the embedded strategy bots (sample traders). */
  sample: z.boolean(),
  /** Hidden by an operator: not ranked, not copyable (running copies go on). */
  hidden: z.boolean(),
  /** The trader's own consent (issue 36): in the ranking with a profile; open to new copies. */
  listed: z.boolean(),
  copyable: z.boolean(),
  /** When the trader last changed their consent (each change is in the audit log); null: never. */
  consent_at: z.number().int().nullable(),
  /** Copies active or paused now with real money. */
  running_copies: z.number().int(),
  /** Copies active or paused now with demo money (in no money figure). */
  demo_copies: z.number().int(),
  stopped_copies: z.number().int(),
  /** Assets under copy: Σ equity now of the running real-money copies' accounts (USD). */
  aum: z.number(),
  /** Σ invested in the running real-money copies (USD): what `aum` grew or shrank from. */
  invested: z.number(),
  /** Σ over every copy of the leader's trades mirrored and skipped. */
  mirrored: z.number().int(),
  skipped: z.number().int(),
  /** The leader's changes written to the copy outbox and not yet worked off. */
  waiting_signals: z.number().int(),
});
export type AdminCopyLeader = z.infer<typeof adminCopyLeaderSchema>;

export const COPY_LEADER_ORDERS = ['desc', 'asc'] as const;

export const adminCopyLeadersRequestSchema = z.object({
  /** By assets under copy: most first (default) or least first; then by id. */
  order: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'desc' : v),
    z.enum(COPY_LEADER_ORDERS),
  ),
  page: pageField(),
});
export const adminCopyLeadersSchema = z.object({
  data: z.array(adminCopyLeaderSchema),
  total: z.number().int(),
});

/** One copy of a leader: the follower, the money and what it did. */
export const adminLeaderCopySchema = z.object({
  id: z.number().int(),
  follower_id: z.number().int(),
  /** The follower's uid and masked contact (null without one: a demo user). */
  uid: z.string(),
  contact: z.string().nullable(),
  /** Copying with demo money. */
  demo: z.boolean(),
  status: z.enum(COPY_STATUSES),
  invested: z.number(),
  /** The copy account's equity now; 0 once stopped. */
  equity: z.number(),
  /** What a stop returned to the follower's balance. */
  returned: z.number(),
  /** Equity (running) or returned (stopped) less invested. */
  pnl: z.number(),
  mirrored: z.number().int(),
  skipped: z.number().int(),
  created_at: z.number().int(),
  stopped_at: z.number().int().nullable(),
  stop_reason: z.enum(COPY_STOP_REASONS).nullable(),
});
export type AdminLeaderCopy = z.infer<typeof adminLeaderCopySchema>;

export const adminLeaderCopiesRequestSchema = idParamSchema.extend({ page: pageField() });
export const adminLeaderCopiesSchema = z.object({
  data: z.array(adminLeaderCopySchema),
  total: z.number().int(),
});
