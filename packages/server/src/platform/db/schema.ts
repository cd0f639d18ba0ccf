import type { ColumnType, Selectable } from 'kysely';

/**
 * Integer columns come back as bigint from SQLite (safe integers, so money is exact) and
 * as number or bigint from PostgreSQL (int4 / int8); repositories map them with `toInt`.
 */
type Int = ColumnType<number | bigint, number | bigint, number | bigint>;
type Id = ColumnType<number | bigint, never, never>;
/** Epoch milliseconds. */
type Millis = Int;

export interface UsersTable {
  id: Id;
  uid: string;
  email: string | null;
  mobile: string | null;
  area_id: Int | null;
  /** `${area_id ?? 0}:${digits}`, unique, so one number registers once per area. */
  mobile_key: string | null;
  password_hash: string | null;
  is_demo: Int;
  demo_id: string | null;
  credit_score: Int;
  invite_code: string;
  inviter_id: Int | null;
  created_at: Millis;
  /** A copy account's follower (issue 29): such a row is an account, never a person. */
  owner_id: ColumnType<number | bigint | null, number | bigint | null | undefined, never>;
  /** Set by an operator: login refused, every session revoked. */
  disabled_at: ColumnType<
    number | bigint | null,
    number | bigint | null | undefined,
    number | bigint | null
  >;
}

export interface SessionsTable {
  token_hash: string;
  user_id: Int;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  ip: string | null;
}

export interface VerificationCodesTable {
  id: Id;
  channel: 'email' | 'sms';
  destination: string;
  purpose: 'register' | 'reset';
  code_hash: string;
  created_at: Millis;
  expires_at: Millis;
  consumed_at: Millis | null;
}

export interface CaptchasTable {
  key: string;
  answer_hash: string;
  expires_at: Millis;
  consumed_at: Millis | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AreasTable {
  id: Int;
  code: string;
  global_code: string;
}

export interface CategoriesTable {
  id: Int;
  name_key: string;
}

export interface InstrumentsTable {
  id: Id;
  code: string;
  name: string;
  category_id: Int;
  price_precision: Int;
  lot_step: string;
  min_lots: string;
  max_lots: string;
  contract_size: string;
  fee_rate: string;
  margin_mode: Int;
  /** JSON array of integers. */
  leverage_options: string;
  quote_currency: string;
  /** MT5's calculation mode: 'forex' (margin in the base currency, no price) or 'cfd'. */
  calc_mode: string;
  /** The currency margin is computed in (the base currency of a forex pair). */
  margin_currency: string;
  spread_points: Int;
  schedule: string;
  anchor_price: string;
  volatility: string;
  sort_order: Int;
}

export interface CandlesTable {
  instrument_id: Int;
  period: string;
  time: Int;
  open: Int;
  high: Int;
  low: Int;
  close: Int;
  volume: Int;
}

export interface AccountsTable {
  user_id: Int;
  /** micro-USD. */
  balance: Int;
  /** micro-USD reserved for pending orders and held for requested withdrawals. */
  lock_balance: Int;
  /**
   * micro-USD held as margin by open positions (Σ their margins). The account's cash is
   * balance + margin_held + lock_balance; `balance` alone may be below 0 while positions are
   * open (their margin and P&L cover it), never once nothing is (CHECK, issue 22).
   */
  margin_held: Int;
  /** Bumped by every command that changes the account; commands compare it before writing. */
  version: Int;
  updated_at: Millis;
}

export interface LedgerTable {
  id: Id;
  user_id: Int;
  /** Signed micro-USD. */
  amount: Int;
  kind: string;
  order_id: Int | null;
  /** The deposit or withdrawal of a funding row (its kind says which). */
  funding_id: ColumnType<number | bigint | null, number | bigint | null | undefined, never>;
  balance_after: Int;
  created_at: Millis;
}

export interface OrdersTable {
  id: Id;
  user_id: Int;
  instrument_id: Int;
  side: 'buy' | 'sell';
  status: Int;
  /** 10^-4 lots. */
  lots: Int;
  leverage: Int;
  target_price: Int | null;
  fill_direction: 'at-or-below' | 'at-or-above' | null;
  open_price: Int | null;
  close_price: Int | null;
  margin: Int;
  fee: Int;
  /** micro-USD held in lock_balance while the order is pending. */
  reserve: Int;
  take_profit: Int;
  stop_loss: Int;
  pnl: Int | null;
  close_reason: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: Millis;
  opened_at: Millis | null;
  closed_at: Millis | null;
}

/** Events of committed commands, published after commit (one row per commit). */
export interface OutboxTable {
  id: Id;
  account_id: Int;
  version: Int;
  /** The commit's message, encoded by bus/encodeMessage. */
  payload: string;
  created_at: Millis;
}

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
  created_at: Millis;
  attempts: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  /** Due while at or before now; NULL once sent or given up. */
  next_attempt_at: Maybe<number | bigint>;
  sent_at: Maybe<number | bigint>;
  last_error: Maybe<string>;
}

export interface OperatorsTable {
  id: Id;
  email: string;
  password_hash: string;
  role: 'owner' | 'finance' | 'compliance' | 'support' | 'editor';
  otp_secret: string | null;
  otp_pending_secret: string | null;
  otp_last_step: Int | null;
  disabled_at: Millis | null;
  created_at: Millis;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: Int;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  ip: string | null;
}

/** Append-only: the database refuses updates and deletes. */
export interface AuditLogTable {
  id: Id;
  admin_id: Int | null;
  admin_email: string;
  role: string;
  action: string;
  target_type: string;
  target_id: string;
  before: string | null;
  after: string | null;
  ip: string;
  created_at: Millis;
}

export interface UploadsTable {
  name: string;
  user_id: Int;
  content_type: string;
  size: Int;
  sha256: string;
  created_at: Millis;
  referenced_at: Millis | null;
}

export interface IdentitiesTable {
  user_id: Int;
  review_status: Int;
  name: string;
  card_id: string;
  front_upload: string;
  reverse_upload: string;
  reason: string;
  language: string;
  submitted_at: Millis;
  reviewed_at: Millis | null;
  reviewed_by: Int | null;
}

/** Text with a default of '' (optional on insert). */
type Text = ColumnType<string, string | undefined, string>;
type Maybe<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface DepositNetworksTable {
  id: Id;
  currency_code: string;
  protocol_code: string;
  address: string;
  /** 10^-12 USD per unit. */
  price_usd: Int;
  /** 10^-8 of the currency. */
  min: Int;
  enabled: Int;
  updated_at: Millis;
}

export interface WireOptionsTable {
  id: Id;
  currency: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark: Text;
  price_usd: Int;
  min: Int;
  enabled: Int;
  updated_at: Millis;
}

export interface DrawCurrenciesTable {
  id: Id;
  type: Int;
  code: string;
  protocol: Text;
  /** 10^-12: USD (fee_type 1) or a share of the amount. */
  draw_rate: Int;
  fee_type: Int;
  /** 10^-12 units of the currency per USD. */
  usd_price: Int;
  /** USD micros; max 0 for none. */
  min: Int;
  max: Int;
  enabled: Int;
  updated_at: Millis;
}

export interface DrawMethodsTable {
  id: Id;
  user_id: Int;
  type: Int;
  draw_currency_id: Int;
  dc_address: Text;
  bank_name: Text;
  bank_address: Text;
  bank_swift: Text;
  payee_name: Text;
  payee_account: Text;
  currency: Text;
  remark: Text;
  created_at: Millis;
  usable_at: Millis;
  deleted_at: Maybe<number | bigint>;
}

export interface DepositsTable {
  id: Id;
  user_id: Int;
  type: Int;
  network_id: Maybe<number | bigint>;
  wire_id: Maybe<number | bigint>;
  currency_code: string;
  protocol_code: Text;
  destination: string;
  /** 10^-8 of the currency. */
  number: Int;
  proof_upload: string;
  proof_sha256: string;
  status: Int;
  remark: Text;
  /** 10^-12, set at approval. */
  price_usd: Maybe<number | bigint>;
  /** USD micros, set at approval. */
  credited: Maybe<number | bigint>;
  language: string;
  created_at: Millis;
  reviewed_at: Maybe<number | bigint>;
  reviewer_id: Maybe<number | bigint>;
  reviewer_email: Maybe<string>;
  /** Four eyes: the first of two approvals of a large credit (the second is the reviewer). */
  first_approver_id: Maybe<number | bigint>;
  first_approver_email: Maybe<string>;
  first_approved_at: Maybe<number | bigint>;
}

export interface WithdrawalsTable {
  id: Id;
  user_id: Int;
  type: Int;
  draw_currency_id: Int;
  method_id: Int;
  currency_code: string;
  protocol: Text;
  destination: string;
  payee_account: Text;
  payee_name: Text;
  /** USD micros, the fee included. */
  number: Int;
  fee: Int;
  /** 10^-8 of the currency. */
  real_number: Int;
  memo: Text;
  status: Int;
  needs_second: Int;
  first_approver_id: Maybe<number | bigint>;
  first_approver_email: Maybe<string>;
  first_approved_at: Maybe<number | bigint>;
  approver_id: Maybe<number | bigint>;
  approver_email: Maybe<string>;
  approved_at: Maybe<number | bigint>;
  reason: Text;
  rejected_at: Maybe<number | bigint>;
  reference: Text;
  paid_at: Maybe<number | bigint>;
  idempotency_key: Maybe<string>;
  request_hash: Maybe<string>;
  language: string;
  created_at: Millis;
}

/** A news article (category 1) or announcement (2); status 0 draft, 1 published. */
export interface NewsArticlesTable {
  id: Id;
  category_id: Int;
  status: Int;
  pinned: Int;
  /** Cover image URL; empty for none. */
  logo: string;
  /** Set on seeded articles only: what makes seeding idempotent across nodes. */
  seed_key: string | null;
  created_at: Millis;
  updated_at: Millis;
  published_at: Millis | null;
}

/** An article's text in one language; content is sanitized HTML. */
export interface NewsTextsTable {
  article_id: Int;
  lang: string;
  title: string;
  desc: string;
  content: string;
}

/** Company mode (migration 012): providers traders may choose; name_key is the lower-cased name. */
export interface CompaniesTable {
  id: Id;
  name: string;
  name_key: string;
  logo: Text;
  url: Text;
  subject: Text;
  registered_address: Text;
  location: Text;
  email: Text;
  enabled: Int;
  updated_at: Millis;
}

/** One message of the built-in customer-service chat (migration 010). */
export interface SupportMessagesTable {
  id: Id;
  user_id: Int;
  sender: 'trader' | 'operator';
  operator_id: Int | null;
  operator_email: ColumnType<string, string | undefined, string>;
  content: string;
  created_at: Millis;
}

/** A trader's conversation: its last activity and each side's read marker (message ids). */
export interface SupportConversationsTable {
  user_id: Int;
  last_message_id: Int;
  last_at: Millis;
  trader_read_id: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  operator_read_id: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  captchas: CaptchasTable;
  settings: SettingsTable;
  areas: AreasTable;
  categories: CategoriesTable;
  instruments: InstrumentsTable;
  candles: CandlesTable;
  accounts: AccountsTable;
  ledger: LedgerTable;
  orders: OrdersTable;
  outbox: OutboxTable;
  notice_outbox: NoticeOutboxTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  uploads: UploadsTable;
  identities: IdentitiesTable;
  deposit_networks: DepositNetworksTable;
  wire_options: WireOptionsTable;
  draw_currencies: DrawCurrenciesTable;
  draw_methods: DrawMethodsTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  companies: CompaniesTable;
  support_messages: SupportMessagesTable;
  support_conversations: SupportConversationsTable;
  news_articles: NewsArticlesTable;
  news_texts: NewsTextsTable;
  complaints: ComplaintsTable;
  sample_traders: SampleTradersTable;
  sample_trader_runs: SampleTraderRunsTable;
  leases: LeasesTable;
  copies: CopiesTable;
  copy_trades: CopyTradesTable;
  copy_outbox: CopyOutboxTable;
  equity_daily: EquityDailyTable;
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
  change: 'open' | 'close' | 'stops';
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

/** An account's equity at the end of a day (UTC), and its external flows since the point before. */
export interface EquityDailyTable {
  account_id: Int;
  /** Days since 1970-01-01. */
  day: Int;
  /** micro-USD: balance + reserves + margin + floating P&L. */
  equity: Int;
  /** micro-USD deposited, withdrawn or transferred since the previous point (signed). */
  flows: Int;
  sampled_at: Millis;
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

/** Who holds the feed and each engine partition of a scale-out deployment (issue 28). */
export interface LeasesTable {
  /** `feed` or `partition:<n>`. */
  name: string;
  /** The holding node's NODE_ID; null once released. */
  holder: string | null;
  /** The fencing token: grows at every change of holder. */
  token: Int;
  /** Epoch ms by the database's clock. */
  expires_at: Int;
}

/** Which real accounts are the embedded default's strategy bots (issue 12). */
export interface SampleTradersTable {
  strategy: string;
  user_id: Int;
  created_at: Millis;
}

/** The one row nodes claim: who replayed the history, who holds the live-trading lease. */
export interface SampleTraderRunsTable {
  id: Int;
  holder: string;
  lease_until: Millis;
  claimed_at: Millis;
  replayed_at: Millis | null;
  trades: ColumnType<number | bigint, number | undefined, number>;
}

/** A trader's complaint (issue 12); status 0 received, 1 handled. */
export interface ComplaintsTable {
  id: Id;
  user_id: Int;
  subject: string;
  message: string;
  /** The language the trader wrote in (the notice to the complaint address is sent in it). */
  language: string;
  status: ColumnType<number | bigint, number | bigint | undefined, number | bigint>;
  created_at: Millis;
  handled_at: Maybe<number | bigint>;
  handled_by: Maybe<number | bigint>;
}

export type UserRow = Selectable<UsersTable>;

/** Integer column value as an exact bigint (money). */
export function toBigInt(value: number | bigint): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** Integer column value as a JS number; ids and times stay far below 2^53. */
export function toInt(value: number | bigint): number {
  return typeof value === 'bigint' ? Number(value) : value;
}
