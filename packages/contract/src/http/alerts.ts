import { z } from 'zod';
import { decimalField, expiryField, idField, integerWithDefault, optionalText } from './fields.ts';

/**
 * Price alerts (issue 41): the server watches a price for the trader and tells them on the
 * first tick that crosses it, wherever they are. Prices are numbers produced from the exact
 * points the server keeps.
 */

/** Price alerts one account may hold at once. */
export const MAX_ALERTS = 100;
/** The longest note a trader may keep with an alert. */
export const ALERT_NOTE_MAX = 120;

/** Which price an alert watches, and which way it must cross. */
export const ALERT_SIDES = ['bid', 'ask'] as const;
export const ALERT_CONDITIONS = ['above', 'below'] as const;

/**
 * Where an alert stands: waiting for its crossing (armed), fired and waiting for the price to
 * move back before it may fire again (cooling, repeating alerts), fired once and done
 * (fired), or past its expiry (expired).
 */
export const ALERT_STATUSES = ['armed', 'cooling', 'fired', 'expired'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const createAlertRequestSchema = z.object({
  forex_id: idField(),
  side: z.enum(ALERT_SIDES),
  condition: z.enum(ALERT_CONDITIONS),
  /** The level, at the instrument's precision. */
  price: decimalField(),
  /** 1: fires again after the price moved back by the cooldown distance; 0 or absent: once. */
  repeat: integerWithDefault({ min: 0, max: 1 }, 0),
  note: optionalText(ALERT_NOTE_MAX),
  /** When it stops watching: "gtc" (or absent) never, "today", or epoch milliseconds. */
  expire_at: expiryField().optional(),
});

export const alertIdRequestSchema = z.object({ id: idField() });

export const alertSchema = z.object({
  id: z.number().int(),
  forex_id: z.number().int(),
  code: z.string(),
  price_precision: z.number().int(),
  side: z.enum(ALERT_SIDES),
  condition: z.enum(ALERT_CONDITIONS),
  price: z.number(),
  repeat: z.union([z.literal(0), z.literal(1)]),
  note: z.string(),
  status: z.enum(ALERT_STATUSES),
  /** How many times it fired. */
  fired_count: z.number().int(),
  /** Epoch ms; null: never fired. */
  last_fired_at: z.number().nullable(),
  /** Epoch ms; null: good till deleted. */
  expire_at: z.number().nullable(),
  created_at: z.number(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertsSchema = z.object({ data: z.array(alertSchema), max: z.number().int() });
