import type { CloseReasonCode } from './constants.ts';
import type { StopOutAt } from './http/accounts.ts';
import type { Alert } from './http/alerts.ts';
import type { Period } from './market.ts';

/** The socket's path on the page's host (SPEC.md §7). */
export const WS_PATH = '/v1/ws';

/**
 * Topics. DAY_MARKET and KLINE.{code} are public; FOREX_TRADE and FOREX_CLOSED are private:
 * a socket receives them only while logged in, and only about its own user's orders.
 */
export const TOPICS = {
  dayMarket: 'DAY_MARKET',
  klinePrefix: 'KLINE.',
  forexTrade: 'FOREX_TRADE',
  forexClosed: 'FOREX_CLOSED',
  /** Private: a new message of the logged-in trader's customer-service chat (ChatPush). */
  chat: 'CHAT',
  /** Private: the desk decided on one of the logged-in trader's deposits or withdrawals (FundingPush). */
  funding: 'FUNDING',
  /** Private: the trader's margin level fell below the margin call level (MarginCallPush). */
  marginCall: 'MARGIN_CALL',
  /** Private: one of the trader's price alerts fired (AlertPush). */
  alert: 'ALERT',
} as const;
export const PRIVATE_TOPICS: readonly string[] = [
  TOPICS.forexTrade,
  TOPICS.forexClosed,
  TOPICS.funding,
  TOPICS.marginCall,
  TOPICS.alert,
];
export const klineTopic = (code: string) => `${TOPICS.klinePrefix}${code}`;

/** Client → server. */
export type ClientMessage =
  | { type: 'login'; token: string }
  | { type: 'logout' }
  | { type: 'sub'; topic: string }
  | { type: 'unsub'; topic: string }
  | { type: 'ping' };

/** Server → client replies. */
export type ServerReply =
  | { type: 'login_result'; code: number }
  | { type: 'pong' }
  | { type: 'error'; code: number; msg: string };

/** One instrument's quote on DAY_MARKET: SPEC.md §7's fields plus a sequence number. */
export interface DayMarketQuote {
  Id: number;
  Code: string;
  Close: number;
  Open: number;
  High: number;
  Low: number;
  /** Percent, 2 decimals. */
  Change: number;
  Volume: number;
  bid: number;
  ask: number;
  /** Epoch ms of the quote. */
  time: number;
  /**
   * Grows by one with every quote published for the instrument (trade_list reports the
   * newest). A subscription starts with the whole board; a client keeps, per instrument, the
   * quote with the highest sequence, whichever of snapshot and frame arrived first.
   */
  seq: number;
  /**
   * 1 open, 0 closed, as trade_list's MarketStatus. A market that opens or closes is published
   * again with a new sequence number, though its price has not moved.
   */
  MarketStatus: 0 | 1;
  /** While closed, when trading resumes (epoch ms); null while open. */
  NextOpen: number | null;
}

/** The current candle of one period on KLINE.{code}. */
export interface KlineUpdate {
  period: Period;
  Time: number;
  Open: number;
  High: number;
  Low: number;
  Close: number;
  Volume: number;
}

/** One open position on FOREX_TRADE: where it stands now (SPEC.md §4 live updates). */
export interface LiveOrder {
  Id: number;
  UpdatePrice: number;
  FactProfits: number;
  /**
   * The stop loss as stored now: a trailing stop moves it without the trader (optional: older
   * servers did not send it).
   */
  TargetLossPrice?: number;
}

/**
 * FOREX_TRADE: the user's open positions and account summary, pushed when they change
 * (at most every flush). `changed` lists orders that entered or left the pending or holding
 * lists since the last push (placed, filled, cancelled): the client reloads those lists.
 */
export interface ForexTradePush {
  orders: LiveOrder[];
  summary: {
    all_fact_profits: number;
    balance: number;
    lock_balance: number;
    net_value: number;
    current_margin: number;
    available_assets: number;
    risk_rate: number;
    /** Free margin and margin level move with the quotes too (forexDetail's fields). */
    available_prepayment: number;
    prepayment_ratio: number;
    /** In margin call, where stop-out would happen (forexDetail's); else null or absent. */
    stop_out_at?: StopOutAt | null;
  };
  changed: number[];
}

/**
 * MARGIN_CALL: the account's margin level crossed below MARGIN_CALL_LEVEL, or below the
 * second level on the way to stop-out. Sent once per crossing: not again until the level has
 * been back at or above it.
 */
export interface MarginCallPush {
  /** The margin level when it crossed, percent. */
  level: number;
  /** The margin call level, percent. */
  margin_call_level: number;
  /** 1: below the margin call level; 2: below the second level, halfway to stop-out (issue 41). */
  stage: 1 | 2;
  /** The second level, percent. */
  second_level: number;
  /** USD that would bring the margin level back to the margin call level. */
  deposit: number;
  stop_out_at: StopOutAt | null;
}

/** ALERT: a price alert fired, on the first tick that crossed its level (issue 41). */
export interface AlertPush {
  /** Names the firing, e.g. `alert:12:3` (its third): the same key again is the same firing. */
  key: string;
  alert: Alert;
  /** The watched price of the tick that crossed. */
  price: number;
}

/** FOREX_CLOSED: a position left the holding list (manual close, TP, SL, stop-out, reset). */
export interface ForexClosedPush {
  Id: number;
  CloseReason: CloseReasonCode;
  /** Realised P&L, fee not included (my_deal's FactProfits of the closed order). */
  FactProfits: number;
  // What a notice of the close needs without asking my_deal (optional: older servers sent
  // only the three fields above).
  /** The instrument's code, e.g. EURUSD. */
  Code?: string;
  /** Decimals of the instrument's prices, to show ClosePrice as quoted. */
  PricePrecision?: number;
  /** 1 buy, 2 sell. */
  OrderType?: 1 | 2;
  /** Lots. */
  Quantity?: number;
  /** The price the position closed at. */
  ClosePrice?: number;
  /** When it closed, epoch ms. */
  CloseTime?: number;
}

/**
 * What the desk decided, as the trader's notice (and its e-mail) names it: a deposit credited,
 * rejected or marked invalid; a withdrawal approved (paid out of the account), rejected
 * (returned to the balance) or paid (the transfer made).
 */
export const FUNDING_NOTICE_KINDS = [
  'deposit_credited',
  'deposit_rejected',
  'deposit_invalid',
  'withdrawal_approved',
  'withdrawal_rejected',
  'withdrawal_paid',
] as const;
export type FundingNoticeKind = (typeof FUNDING_NOTICE_KINDS)[number];

/**
 * FUNDING: a decision on one of the trader's deposits or withdrawals, pushed as it commits (on
 * whichever node took it), with what a toast and the notice list need. Delivery is at least
 * once: the same `key` again is the same decision.
 */
export interface FundingPush {
  /** Names the decision, e.g. `withdrawal:12:paid`: one per deposit or withdrawal and outcome. */
  key: string;
  kind: FundingNoticeKind;
  /** The deposit's or withdrawal's id (charge_list's, draw_list's). */
  id: number;
  /** A deposit: what was sent, in `currency`. A withdrawal: the USD taken, fee included. */
  number: number;
  /** A deposit's currency; the currency a withdrawal is paid in. */
  currency: string;
  /** A credited deposit: the USD credited. */
  amount?: number;
  /** A withdrawal: what arrives, in `currency`. */
  real_number?: number;
  /** Why it was rejected or marked invalid, or the payment's reference; empty when none. */
  note: string;
  /** When it was decided, epoch ms (the server's clock). */
  at: number;
}

/** Server → client pushes: one object or an array of them. */
export interface Push<T> {
  topic: string;
  data: T | T[];
}

/** Heartbeat (SPEC.md §9): ping every 5 s, reconnect after more than 2 missed, 5 s to connect. */
export const HEARTBEAT_MS = 5_000;
export const MAX_MISSED_HEARTBEATS = 2;
export const CONNECT_TIMEOUT_MS = 5_000;
