import { z } from 'zod';
import { pageField } from '../http/fields.ts';

/**
 * Copy signals set aside (issue 36): a leader's change that failed on the copies at every
 * attempt of the house's retry policy (10 s doubling to an hour, 48 attempts) is set aside with
 * its last error, and the leader's later changes go on. Operators see them and may put one
 * back: it is tried again from the first attempt, before the leader's later changes.
 */

export const COPY_SIGNAL_CHANGES = ['open', 'close', 'stops', 'part', 'trailing'] as const;
export type CopySignalChange = (typeof COPY_SIGNAL_CHANGES)[number];

export const adminCopySignalSchema = z.object({
  id: z.number().int(),
  /** The leader (their user id and uid). */
  leader_id: z.number().int(),
  leader_uid: z.string(),
  /** The leader's order the change is of. */
  leader_order_id: z.number().int(),
  /** The one copy it is for (copying the open positions when a copy starts); null: every copy. */
  copy_id: z.number().int().nullable(),
  /** A position opened, closed, or its take profit / stop loss changed. */
  change: z.enum(COPY_SIGNAL_CHANGES),
  /** The instrument's code; null when neither the order nor the signal names a known one. */
  instrument: z.string().nullable(),
  /** Attempts so far (0 once put back). */
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** When the leader's change was written. */
  created_at: z.number().int(),
  /** When it was set aside; null once put back (waiting to be mirrored again). */
  set_aside_at: z.number().int().nullable(),
});
export type AdminCopySignal = z.infer<typeof adminCopySignalSchema>;

export const adminCopySignalsRequestSchema = z.object({ page: pageField() });
export const adminCopySignalsSchema = z.object({
  data: z.array(adminCopySignalSchema),
  total: z.number().int(),
});
