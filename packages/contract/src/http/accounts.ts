import { z } from 'zod';
import { pageField } from './fields.ts';

/** Amounts on the wire are numbers produced from exact micro-USD (SPEC.md §3 Account). */
export const balanceSchema = z.object({ balance: z.number(), lock_balance: z.number() });
export type Balance = z.infer<typeof balanceSchema>;

/**
 * Where stop-out would happen: the price of the account's largest position (by margin) at
 * which its margin level reaches the stop-out level, the other prices as they are now.
 */
export const stopOutAtSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  PricePrecision: z.number().int(),
  /** 0 when no price of it would (the others' margin alone is past the level, or none). */
  Price: z.number(),
});
export type StopOutAt = z.infer<typeof stopOutAtSchema>;

export const forexDetailSchema = z.object({
  balance: z.number(),
  lock_balance: z.number(),
  /** Equity: balance + used margin + floating P&L. */
  net_value: z.number(),
  /** Free margin: equity − used margin. */
  available_prepayment: z.number(),
  /** Used margin. */
  current_margin: z.number(),
  /** Used margin / equity, percent; 0 without positions. */
  risk_rate: z.number(),
  /** Equity / used margin, percent; 0 without positions. */
  prepayment_ratio: z.number(),
  /** What can be used for new orders: free margin, never below 0. */
  available_assets: z.number(),
  /** The margin level, percent, below which stop-out closes positions (server setting STOP_OUT_LEVEL). */
  stop_out_level: z.number(),
  /**
   * The margin level, percent, below which the account is in margin call (server setting
   * MARGIN_CALL_LEVEL, default 100): shown red, the trader told once per crossing.
   */
  margin_call_level: z.number(),
  /** In margin call: where the largest position's price would bring stop-out; else null. */
  stop_out_at: stopOutAtSchema.nullable(),
});
export type ForexDetail = z.infer<typeof forexDetailSchema>;

export const ledgerRowSchema = z.object({
  Id: z.number().int(),
  /** Signed amount. */
  Value: z.number(),
  /** Balance after this change. */
  Balance: z.number(),
  /** What happened, translated by lang. */
  MemoTran: z.string(),
  /** When, as "YYYY-MM-DD HH:mm:ss" UTC. */
  CreatedAtTran: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

export const ledgerPageSchema = z.object({
  data: z.array(ledgerRowSchema),
  total: z.number().int(),
});
export const pageRequestSchema = z.object({
  page: pageField(),
});

/** Rows per page of paged lists. */
export const PAGE_SIZE = 20;
