import { z } from 'zod';
import { CURRENCY_AMOUNT_MAX, FUNDING_PRICE_MAX, USD_AMOUNT_MAX } from '../amount-limits.ts';
import { FUNDING_FIELD_MAX } from '../constants.ts';
import {
  boundedDecimalField,
  choiceField,
  flagField,
  idField,
  optionalId,
  optionalText,
  pageField,
  requiredText,
} from '../http/fields.ts';
import { fundingStepSchema } from '../http/funding.ts';

/**
 * The back office's side of funding: review queues for deposits and withdrawals, and the
 * configuration of networks, wire accounts and withdrawal currencies. Prices and rates travel
 * as exact decimal text, so that an operator's form shows and saves exactly what is stored.
 */

const paged = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total: z.number().int() });

const idParam = z.object({ id: idField() });

const traderColumns = {
  user_id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
};

export const adminDepositSchema = z.object({
  id: z.number().int(),
  ...traderColumns,
  /** 0 coin, 1 bank. */
  type: z.union([z.literal(0), z.literal(1)]),
  currency_code: z.string(),
  protocol_code: z.string(),
  /** Where the trader sent it: the network's address, or the wire account's bank and number. */
  destination: z.string(),
  number: z.number(),
  /** The currency's USD price now (unchecked) or at approval (finished). */
  price_usd: z.string(),
  /** USD: what approval credits now (unchecked) or credited (finished); exact text. */
  credit: z.string(),
  proof_img: z.string(),
  /** Other deposits whose proof image has the same bytes: flagged to the reviewer. */
  duplicates: z.array(z.number().int()),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  remark: z.string(),
  created_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
  reviewer: z.string().nullable(),
  /**
   * Four eyes: the credit reaches DEPOSIT_FOUR_EYES_USD, or a first approval was given: two
   * operators must approve. (An approval that takes the account's credits of 24 hours to the
   * amount is told so at approval: FOUR_EYES_REQUIRED, its first approval recorded.)
   */
  needs_second: z.boolean(),
  /** The first of two approvals, while the deposit waits for the second; null otherwise. */
  first_approval: z.object({ operator: z.string(), at: z.number().int() }).nullable(),
  timeline: z.array(fundingStepSchema),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const adminDepositsRequestSchema = z.object({
  /** Default 0: the review queue. */
  status: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    choiceField([0, 1, 2, 3]),
  ),
  page: pageField(),
});
export const adminDepositsSchema = paged(adminDepositSchema);
export const depositRemarkRequestSchema = idParam.extend({
  remark: requiredText(FUNDING_FIELD_MAX.reason),
});

export const adminWithdrawalSchema = z.object({
  id: z.number().int(),
  ...traderColumns,
  /** 1 coin, 2 bank. */
  type: z.number().int(),
  currency_code: z.string(),
  protocol: z.string(),
  /** USD held: the fee included. */
  number: z.string(),
  fee: z.string(),
  /** In the currency: what is to be sent. */
  real_number: z.string(),
  /** Where to send it: the address, or the bank account in one line. */
  destination: z.string(),
  payee_name: z.string(),
  memo: z.string(),
  status: z.number().int(),
  /**
   * Four eyes: two operators must approve — from WITHDRAW_FOUR_EYES_USD of the withdrawal, or
   * (set at its first approval) of the account's withdrawals of 24 hours with it.
   */
  needs_second: z.boolean(),
  approvals: z.array(z.object({ operator: z.string(), at: z.number().int() })),
  reason: z.string(),
  reference: z.string(),
  created_at: z.number().int(),
  timeline: z.array(fundingStepSchema),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalsRequestSchema = z.object({
  /** Default 0: the review queue. */
  status: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    choiceField([0, 1, 2, 3, 4]),
  ),
  page: pageField(),
});
export const adminWithdrawalsSchema = paged(adminWithdrawalSchema);
export const withdrawalReasonRequestSchema = idParam.extend({
  reason: requiredText(FUNDING_FIELD_MAX.reason),
});
export const withdrawalPaidRequestSchema = idParam.extend({
  reference: requiredText(FUNDING_FIELD_MAX.reference),
});

export const networkConfigSchema = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  price_usd: z.string(),
  min: z.string(),
  enabled: z.boolean(),
});
export type NetworkConfig = z.infer<typeof networkConfigSchema>;
export const saveNetworkRequestSchema = z.object({
  /** Absent: a new network. */
  id: optionalId(),
  currency_code: requiredText(FUNDING_FIELD_MAX.currency),
  protocol_code: requiredText(FUNDING_FIELD_MAX.currency),
  address: requiredText(FUNDING_FIELD_MAX.address),
  price_usd: boundedDecimalField(FUNDING_PRICE_MAX, 'setting'),
  /** In the currency. */
  min: boundedDecimalField(CURRENCY_AMOUNT_MAX, 'setting'),
  enabled: flagField(),
});

export const wireConfigSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
  price_usd: z.string(),
  min: z.string(),
  enabled: z.boolean(),
});
export type WireConfig = z.infer<typeof wireConfigSchema>;
export const saveWireRequestSchema = z.object({
  id: optionalId(),
  currency: requiredText(FUNDING_FIELD_MAX.currency),
  bank_name: requiredText(FUNDING_FIELD_MAX.bankName),
  bank_address: requiredText(FUNDING_FIELD_MAX.bankAddress),
  bank_swift: requiredText(FUNDING_FIELD_MAX.swift),
  payee_name: requiredText(FUNDING_FIELD_MAX.payeeName),
  payee_account: requiredText(FUNDING_FIELD_MAX.payeeAccount),
  bank_remark: optionalText(FUNDING_FIELD_MAX.remark),
  price_usd: boundedDecimalField(FUNDING_PRICE_MAX, 'setting'),
  /** In the currency. */
  min: boundedDecimalField(CURRENCY_AMOUNT_MAX, 'setting'),
  enabled: flagField(),
});

export const drawCurrencyConfigSchema = z.object({
  id: z.number().int(),
  /** 1 coin, 2 bank. */
  type: z.number().int(),
  code: z.string(),
  protocol: z.string(),
  draw_rate: z.string(),
  fee_type: z.number().int(),
  usd_price: z.string(),
  min: z.string(),
  /** "0" for no maximum. */
  max: z.string(),
  enabled: z.boolean(),
});
export type DrawCurrencyConfig = z.infer<typeof drawCurrencyConfigSchema>;
export const saveDrawCurrencyRequestSchema = z.object({
  id: optionalId(),
  type: choiceField([1, 2]),
  code: requiredText(FUNDING_FIELD_MAX.currency),
  protocol: optionalText(FUNDING_FIELD_MAX.currency),
  draw_rate: boundedDecimalField(FUNDING_PRICE_MAX, 'setting'),
  fee_type: choiceField([1, 2]),
  usd_price: boundedDecimalField(FUNDING_PRICE_MAX, 'setting'),
  /** USD. */
  min: boundedDecimalField(USD_AMOUNT_MAX, 'setting'),
  max: boundedDecimalField(USD_AMOUNT_MAX, 'setting'),
  enabled: flagField(),
});

export const fundingConfigSchema = z.object({
  networks: z.array(networkConfigSchema),
  wires: z.array(wireConfigSchema),
  draw_currencies: z.array(drawCurrencyConfigSchema),
  /** The withdrawal rules set at start-up (configuration). */
  rules: z.object({
    cooling_hours: z.number(),
    four_eyes_usd: z.string(),
    daily_limit_usd: z.string(),
  }),
});
export type FundingConfig = z.infer<typeof fundingConfigSchema>;
