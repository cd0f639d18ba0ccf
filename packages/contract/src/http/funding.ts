import { z } from 'zod';
import { CURRENCY_AMOUNT_MAX, USD_AMOUNT_MAX } from '../amount-limits.ts';
import { FUNDING_FIELD_MAX, FUNDING_STEPS } from '../constants.ts';
import {
  boundedDecimalField,
  choiceField,
  idField,
  optionalId,
  optionalText,
  pageField,
  passwordField,
  requiredText,
} from './fields.ts';

/**
 * Funding (SPEC.md §3 Deposit record, Withdraw record, Withdraw currency, Bound method,
 * Deposit network, Wire option). Amounts are numbers made from exact decimals: USD to 6
 * decimals, other currencies to 8, prices and rates to 12.
 */

/** An optional choice: absent or empty is undefined (a list of every type). */
const optionalChoice = <const T extends readonly [number, ...number[]]>(choices: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), choiceField(choices).optional());

/** One step of a deposit's or withdrawal's way, oldest first. */
export const fundingStepSchema = z.object({
  step: z.enum(FUNDING_STEPS),
  /** "YYYY-MM-DD HH:mm:ss" UTC. */
  at: z.string(),
  /** A rejection's reason, a payment's reference, the amount credited; empty otherwise. */
  note: z.string(),
});
export type FundingStepRow = z.infer<typeof fundingStepSchema>;

/** GET /api/quickCharge/info: where a trader may send crypto. */
export const depositNetworkSchema = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  /** USD credited per unit of the currency (today's configured price). */
  price_usd: z.number(),
  /** Smallest amount accepted, in the currency; 0 for none. */
  min: z.number(),
});
export type DepositNetwork = z.infer<typeof depositNetworkSchema>;

/** GET /api/quickCharge/symbols: the currencies a bank wire may be sent in. */
export const wireCurrencySchema = z.object({ code: z.string(), price_usd: z.number() });
export type WireCurrency = z.infer<typeof wireCurrencySchema>;

export const wireInfoRequestSchema = z.object({
  bank_coin: requiredText(FUNDING_FIELD_MAX.currency),
});
/** GET /api/quickCharge/wire_info: the accounts a wire in one currency may be sent to. */
export const wireOptionSchema = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
  currency: z.string(),
  price_usd: z.number(),
  min: z.number(),
});
export type WireOption = z.infer<typeof wireOptionSchema>;

export const chargeSubmitRequestSchema = z.object({
  /** In the network's currency. */
  number: boundedDecimalField(CURRENCY_AMOUNT_MAX, 'amount'),
  /** An image_upload url of the caller's. */
  proofImg: requiredText(FUNDING_FIELD_MAX.picture),
  /** The address the trader sent to: the network's, as shown. */
  address: requiredText(FUNDING_FIELD_MAX.address),
  /** The deposit network. */
  charge_id: idField(),
});
export type ChargeSubmitRequest = z.infer<typeof chargeSubmitRequestSchema>;

export const wireSubmitRequestSchema = z.object({
  /** In the wire's currency. */
  number: boundedDecimalField(CURRENCY_AMOUNT_MAX, 'amount'),
  proofImg: requiredText(FUNDING_FIELD_MAX.picture),
  wire_id: idField(),
});
export type WireSubmitRequest = z.infer<typeof wireSubmitRequestSchema>;

/** A deposit as its trader sees it (SPEC.md §3 Deposit record). */
export const depositRecordSchema = z.object({
  id: z.number().int(),
  number: z.number(),
  /** 0 coin, 1 bank. */
  type: z.union([z.literal(0), z.literal(1)]),
  currency_code: z.string(),
  /** The network (TRC20, ERC20…); empty for a wire. */
  protocol_code: z.string(),
  /** 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  created_at: z.string(),
  /** Why it was rejected or marked invalid; empty otherwise. */
  remark: z.string(),
  /** USD credited (finished), else 0. */
  credited: z.number(),
  timeline: z.array(fundingStepSchema),
});
export type DepositRecord = z.infer<typeof depositRecordSchema>;

export const depositListRequestSchema = z.object({
  /** 0 coin, 1 bank; absent for both. */
  type: optionalChoice([0, 1]),
  page: pageField(),
});
export const depositListSchema = z.object({
  data: z.array(depositRecordSchema),
  total: z.number().int(),
});
export type DepositList = z.infer<typeof depositListSchema>;

export const drawSymbolRequestSchema = z.object({
  /** 1 coin, 2 bank. */
  type: choiceField([1, 2]),
});
/** A currency a withdrawal may be paid in (SPEC.md §3 Withdraw currency). */
export const drawCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The network of a coin; empty for a bank currency. */
  protocol: z.string(),
  /** fee_type 1: the fee in USD; otherwise the fee's share of the amount. */
  draw_rate: z.number(),
  /** 1 fixed, otherwise a rate. */
  fee_type: z.number().int(),
  /** Units of the currency paid per USD. */
  usd_price: z.number(),
  /** Smallest and largest amounts in USD; max 0 for no maximum. */
  min: z.number(),
  max: z.number(),
});
export type DrawCurrency = z.infer<typeof drawCurrencySchema>;

export const drawMethodsRequestSchema = z.object({
  /** 1 coin, 2 bank. */
  draw_type: choiceField([1, 2]),
  /** One withdrawal currency's methods; absent for all of the type. */
  draw_id: optionalId(),
});
/** A bound withdrawal method (SPEC.md §3 Bound method). */
export const boundMethodSchema = z.object({
  id: z.number().int(),
  /** 1 coin, 2 bank. */
  type: z.union([z.literal(1), z.literal(2)]),
  draw_id: z.number().int(),
  draw_currency: z.object({ code: z.string(), protocol: z.string() }),
  dc_address: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  /** The beneficiary account's currency. */
  currency: z.string(),
  remark: z.string(),
  created_at: z.string(),
  /** From when withdrawals may be paid to it (the cooling-off after binding), UTC. */
  usable_at: z.string(),
  /** Whether that time has come. */
  usable: z.boolean(),
});
export type BoundMethod = z.infer<typeof boundMethodSchema>;

/**
 * POST /api/wallet/bind_draw_method: a coin needs an address; a bank needs bank name,
 * address, swift, payee name and account (SPEC.md §5). Which are required depends on `type`,
 * so the server checks them (INCOMPLETE).
 */
export const bindDrawMethodRequestSchema = z.object({
  type: choiceField([1, 2]),
  draw_id: idField(),
  dc_address: optionalText(FUNDING_FIELD_MAX.address),
  bank_name: optionalText(FUNDING_FIELD_MAX.bankName),
  bank_address: optionalText(FUNDING_FIELD_MAX.bankAddress),
  bank_swift: optionalText(FUNDING_FIELD_MAX.swift),
  payee_name: optionalText(FUNDING_FIELD_MAX.payeeName),
  payee_account: optionalText(FUNDING_FIELD_MAX.payeeAccount),
  currency: optionalText(FUNDING_FIELD_MAX.currency),
  remark: optionalText(FUNDING_FIELD_MAX.remark),
});
export type BindDrawMethodRequest = z.infer<typeof bindDrawMethodRequestSchema>;

export const idRequestSchema = z.object({ id: idField() });

export const drawRequestSchema = z.object({
  draw_currency_id: idField(),
  /** In USD: what leaves the balance, the fee included. */
  number: boundedDecimalField(USD_AMOUNT_MAX, 'amount'),
  memo: optionalText(FUNDING_FIELD_MAX.memo),
  draw_method_id: idField(),
  /**
   * The account's password, confirming the withdrawal (a session alone cannot move money
   * out). Optional in the form, so that the server answers a missing one with
   * PASSWORD_REQUIRED; a wrong one is OLD_PASSWORD_WRONG, and repeated wrong ones lock.
   */
  password: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    passwordField().optional(),
  ),
});
export type DrawRequest = z.infer<typeof drawRequestSchema>;

/** A withdrawal as its trader sees it (SPEC.md §3 Withdraw record). */
export const withdrawRecordSchema = z.object({
  id: z.number().int(),
  /** USD taken from the balance, the fee included. */
  number: z.number(),
  /** What arrives, in the currency: (number − fee) × usd_price, floored at 0. */
  real_number: z.number(),
  draw_currency: z.object({ code: z.string(), protocol: z.string() }),
  fee: z.number(),
  /** 0 reviewing, 1 second approval, 2 approved, 3 paid, 4 rejected. */
  status: z.number().int(),
  /** The status in the `lang` language. */
  status_name: z.string(),
  created_at: z.string(),
  /** 1 coin, otherwise bank. */
  type: z.number().int(),
  address: z.string(),
  payee_account: z.string(),
  /** The trader's memo. */
  memo: z.string(),
  /** The rejection's reason or the payment's reference. */
  notes: z.string(),
  timeline: z.array(fundingStepSchema),
});
export type WithdrawRecord = z.infer<typeof withdrawRecordSchema>;

export const drawListRequestSchema = z.object({
  /** 1 coin, 2 bank; absent for both. */
  type: optionalChoice([1, 2]),
  page: pageField(),
});
export const drawListSchema = z.object({
  data: z.array(withdrawRecordSchema),
  total: z.number().int(),
});
export type DrawList = z.infer<typeof drawListSchema>;
