import { z } from 'zod';
import { USD_AMOUNT_MAX } from '../amount-limits.ts';
import { boundedDecimalField, choiceField, idField, integerWithDefault } from './fields.ts';

/**
 * Copy trading (issue 29): a follower moves an amount into a copy account of its own, and
 * every fill, close and TP/SL change of the leader is mirrored there in proportion, at the
 * leader's fill price. Money and rates are numbers produced from exact decimals on the server.
 */

/** The smallest amount a copy starts with or may be left with (USD), and the stop-loss bounds. */
export const COPY_LIMITS = {
  minAmount: 100,
  /** The copy stop-loss as % of the amount invested: the copy stops once it lost this much. */
  defaultStopLossRate: 40,
  minStopLossRate: 5,
  maxStopLossRate: 95,
} as const;

/** A copy: copying (new trades mirrored), paused (only closes and TP/SL changes), or stopped. */
export const COPY_STATUSES = ['active', 'paused', 'stopped'] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];

/** Why a copy stopped: the follower asked, or its equity fell to the copy stop-loss. */
export const COPY_STOP_REASONS = ['user', 'copy-stop-loss'] as const;
export type CopyStopReason = (typeof COPY_STOP_REASONS)[number];

/**
 * Why a copy did not take a leader's trade: the proportional size under the instrument's
 * minimum lot, not enough free margin, the copy paused, the market closed for the copy's
 * open (copy_open), the copy's order cap reached, or — copying open positions at the price
 * of now — the leader's take profit or stop loss already passed.
 */
export const COPY_SKIP_REASONS = [
  'below-min-lot',
  'insufficient-margin',
  'paused',
  'market-closed',
  'too-many-orders',
  'stops-passed',
] as const;
export type CopySkipReason = (typeof COPY_SKIP_REASONS)[number];

/** The periods of the equity curve. */
export const EQUITY_PERIODS = ['1m', '3m', '6m', '1y', 'all'] as const;
export type EquityPeriod = (typeof EQUITY_PERIODS)[number];

export const leaderRequestSchema = z.object({ id: idField() });

export const equityRequestSchema = z.object({
  id: idField(),
  period: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'all' : v),
    z.enum(EQUITY_PERIODS),
  ),
});

export const copyRequestSchema = z.object({
  /** The leader (a ranking row's id). */
  id: idField(),
  /** USD moved from the free balance into the copy; at least COPY_LIMITS.minAmount. */
  amount: boundedDecimalField(USD_AMOUNT_MAX, 'amount'),
  /** % of the amount: the copy stops once its equity fell by this much. */
  copy_sl_rate: integerWithDefault(
    { min: COPY_LIMITS.minStopLossRate, max: COPY_LIMITS.maxStopLossRate },
    COPY_LIMITS.defaultStopLossRate,
  ),
  /** 1: also open the leader's positions that are open now, at the current price. */
  copy_open: integerWithDefault({ min: 0, max: 1 }, 0),
});
export type CopyRequest = z.input<typeof copyRequestSchema>;

export const copyIdRequestSchema = z.object({ copy_id: idField() });

export const addFundsRequestSchema = z.object({
  copy_id: idField(),
  /** USD: positive adds from the free balance, negative takes back from the copy's free margin. */
  amount: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,12}(\.\d{1,6})?$/),
  ),
});

/** A leader's open position as the profile shows it: sizes only as shares of equity. */
export const leaderPositionSchema = z.object({
  code: z.string(),
  /** 1 buy, 2 sell. */
  side: z.union([z.literal(1), z.literal(2)]),
  open_price: z.number(),
  price_precision: z.number().int(),
  /** The position's margin as % of the leader's equity (2 decimals). */
  size_rate: z.number(),
  opened_at: z.number().int(),
});

export const leaderFiguresSchema = z.object({
  /** The leader's user id: what detail, equity and copy are asked with. */
  id: z.number().int(),
  /** The leader's e-mail or mobile number, masked. */
  user: z.string(),
  /** One of the embedded default's sample traders (bots whose trades went through the engine). */
  sample: z.boolean(),
  /** Time-weighted return of the daily equity series, % (deposits and withdrawals excluded). */
  return_rate: z.number(),
  /** Largest fall of the time-weighted equity index from its peak, % of the peak (0–100). */
  max_drawdown_rate: z.number(),
  /** 1 (calm) … 10 (wild), from the annualized volatility of daily returns. */
  risk_score: z.number().int(),
  /** Winning / closed positions, % (2 decimals). */
  win_rate: z.number(),
  /** Closed positions. */
  trades: z.number().int(),
  /** Mean time from open to close of the closed positions, ms. */
  avg_holding_ms: z.number().int(),
  /** Copies following the trader now (active or paused) with real money. */
  followers: z.number().int(),
  /** Assets under copy: Σ equity of those copies, USD (demo money never counts). */
  aum: z.number(),
  /** Copies following the trader now with demo money (practice; in no other figure). */
  demo_followers: z.number().int(),
  /** Days of the equity series the figures are computed over. */
  days: z.number().int(),
});
export type LeaderFigures = z.infer<typeof leaderFiguresSchema>;

export const leaderProfileSchema = leaderFiguresSchema.extend({
  /** When the leader's first position opened (epoch ms), 0 without one. */
  since: z.number().int(),
  /** Return of each calendar month (UTC) of the series, oldest first, % (2 decimals). */
  monthly: z.array(z.object({ month: z.string(), return_rate: z.number() })),
  /** Instruments by closed positions, most traded first; share in % of the trades. */
  instruments: z.array(z.object({ code: z.string(), trades: z.number().int(), share: z.number() })),
  positions: z.array(leaderPositionSchema),
  /** The caller's copy of this leader that is not stopped, if any (0 for a visitor or none). */
  my_copy_id: z.number().int(),
  /** Whether the caller may copy this leader (not themselves; the leader accepts new copies). */
  copyable: z.boolean(),
});
export type LeaderProfile = z.infer<typeof leaderProfileSchema>;

export const equityCurveSchema = z.object({
  period: z.enum(EQUITY_PERIODS),
  /** One point per day (UTC): the day's start (epoch s), end-of-day equity, cumulative TWR %. */
  points: z.array(
    z.object({ time: z.number().int(), equity: z.number(), return_rate: z.number() }),
  ),
});
export type EquityCurve = z.infer<typeof equityCurveSchema>;

export const copyPositionSchema = z.object({
  /** The copy's own order id. */
  id: z.number().int(),
  code: z.string(),
  side: z.union([z.literal(1), z.literal(2)]),
  lots: z.number(),
  open_price: z.number(),
  /** The current closing price. */
  price: z.number(),
  price_precision: z.number().int(),
  /** Floating P&L, USD. */
  pnl: z.number(),
});

export const copySkipSchema = z.object({
  code: z.string(),
  side: z.union([z.literal(1), z.literal(2)]),
  /** The leader's lots. */
  leader_lots: z.number(),
  reason: z.enum(COPY_SKIP_REASONS),
  at: z.number().int(),
});

export const copySchema = z.object({
  id: z.number().int(),
  leader_id: z.number().int(),
  leader: z.string(),
  status: z.enum(COPY_STATUSES),
  /** Net USD invested: the amount plus what was added, less what was taken back. */
  amount: z.number(),
  /** Balance + margin + floating P&L of the copy now (what stopping would return, before the close). */
  equity: z.number(),
  pnl: z.number(),
  /** pnl / amount, % (2 decimals). */
  pnl_rate: z.number(),
  copy_sl_rate: z.number().int(),
  /** The equity at which the copy stops by itself. */
  stop_equity: z.number(),
  /** What the copy returned to the balance when it stopped (0 while running). */
  returned: z.number(),
  stop_reason: z.enum(COPY_STOP_REASONS).nullable(),
  created_at: z.number().int(),
  stopped_at: z.number().int().nullable(),
  /** Leader trades mirrored and skipped since the copy started. */
  mirrored: z.number().int(),
  skipped_count: z.number().int(),
  positions: z.array(copyPositionSchema),
  /** The latest skipped trades (at most 20), newest first. */
  skipped: z.array(copySkipSchema),
});
export type Copy = z.infer<typeof copySchema>;

export const myCopiesSchema = z.object({
  /** Copies not stopped first (newest first), then the 20 latest stopped. */
  data: z.array(copySchema),
});
export type MyCopies = z.infer<typeof myCopiesSchema>;

/**
 * A real trader's consent to be seen and copied (issue 36): off until they turn it on. Listed:
 * in the ranking, with a profile (figures, monthly returns, open positions as shares of
 * equity). Copyable: others may start new copies, which mirror every later trade in
 * proportion; it needs listed (the answer says what holds). Turning copyable off stops new
 * copies; copies running already go on until their followers stop them (as eToro does).
 */
export const leaderSettingsRequestSchema = z.object({
  listed: choiceField([0, 1] as const),
  copyable: choiceField([0, 1] as const),
});
export type LeaderSettingsRequest = z.input<typeof leaderSettingsRequestSchema>;

export const leaderSettingsSchema = z.object({
  listed: z.union([z.literal(0), z.literal(1)]),
  copyable: z.union([z.literal(0), z.literal(1)]),
  /** When the trader last changed either (epoch ms); null: never. */
  changed_at: z.number().int().nullable(),
  /** 1: an operator hid the trader: out of the ranking and closed to new copies for now. */
  hidden: z.union([z.literal(0), z.literal(1)]),
  /** 1: the trader has a closed position, so the ranking can show figures (it needs one). */
  ranked: z.union([z.literal(0), z.literal(1)]),
  /** Copies of the trader running now with real money, and with demo money. */
  followers: z.number().int(),
  demo_followers: z.number().int(),
});
export type LeaderSettings = z.infer<typeof leaderSettingsSchema>;
