import type { Id, Int, Maybe, Millis, Text } from '../../platform/db/columns.ts';

/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface FundingTables {
  deposit_networks: DepositNetworksTable;
  wire_options: WireOptionsTable;
  draw_currencies: DrawCurrenciesTable;
  draw_methods: DrawMethodsTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
}

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
