/**
 * Constants of the contract, kept apart from the schemas so that the web bundle can use them
 * without carrying the validation library.
 */

import type { CopyStatus } from './http/copying.ts';

/** Contact types a user registers with (SPEC.md §3 User). */
export const CONTACT_TYPES = ['email', 'mobile'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Purpose of a verification code: 1 register, 2 reset (SPEC.md §7 send_sms). */
export const CODE_PURPOSES = { register: 1, reset: 2 } as const;
export type CodePurpose = keyof typeof CODE_PURPOSES;

/** How `auth_code` proves the change: 1 the current password, 2 a code sent to the account. */
export const AMEND_PASSWORD_TYPES = { currentPassword: 1, verificationCode: 2 } as const;

/** Areas whose residents are not served (SPEC.md §1 announcement). */
export const UNSERVED_AREA_CODES = ['KP', 'IL', 'CN', 'VU', 'CU'] as const;

/** is_show_mobile: 0 no mobile registration, 1 area prefix plus number, 3 number only. */
export const SHOW_MOBILE = { off: 0, withArea: 1, numberOnly: 3 } as const;
/** verify_reg_type: 1 code by e-mail/SMS, 2 captcha image. */
export const VERIFY_REG_TYPE = { code: 1, captcha: 2 } as const;
/** service_link_type: 2 dialog and copy, 3 open externally, otherwise in-app chat. */
export const SERVICE_LINK_TYPE = { chat: 1, dialog: 2, external: 3 } as const;
/** trade_fee_type: 1 lots × fee rate, otherwise margin × fee rate (SPEC.md §9). */
export const TRADE_FEE_TYPE = { perLot: 1, marginRate: 2 } as const;

/** Settings a visitor may read one by one through /api/default/setting. */
export const PUBLIC_SETTING_KEYS = [
  'is_show_mobile',
  'verify_reg_type',
  'service_link_type',
] as const;

/** Passwords: 6 to 64 characters, not trimmed (spaces are characters too). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
/**
 * An operator's password is at least 12 characters (issue 37): a back-office login reaches
 * every trader's money, so it gets NIST SP 800-63B's length, not a trader's minimum.
 */
export const OPERATOR_PASSWORD_MIN = 12;

/** Verification codes are 6 digits (DECISIONS.md Accounts). */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;

/** Buy 1, sell 2 (SPEC.md §4). */
export const ORDER_TYPES = { buy: 1, sell: 2 } as const;
/** Pending 0, holding 1, history 3 (SPEC.md §4). */
export const ORDER_STATUSES = { pending: 0, holding: 1, history: 3 } as const;
export type OrderStatusCode = (typeof ORDER_STATUSES)[keyof typeof ORDER_STATUSES];

/** Why an order left the lists it was in. */
export const CLOSE_REASONS = [
  'manual',
  'take-profit',
  'stop-loss',
  'stop-out',
  'cancelled',
  'demo-reset',
  'copy-leader',
  'copy-stop',
  /** Part of a position, closed by its trader; the rest goes on under the position's id. */
  'partial',
  /** A stop loss a trailing stop had moved. */
  'trailing-stop',
  /** A pending order past its expiry. */
  'expired',
] as const;
export type CloseReasonCode = (typeof CLOSE_REASONS)[number];
/**
 * Closes the trader did not ask for at that moment: the market reached a take profit or stop
 * loss, or the margin level fell to the stop-out level. The trader is told of each (FOREX_CLOSED,
 * my_deal's auto_closed history); a manual close, a cancel or a demo reset they did themselves.
 */
export const AUTO_CLOSE_REASONS = [
  'take-profit',
  'stop-loss',
  'stop-out',
  'trailing-stop',
  'expired',
] as const satisfies readonly CloseReasonCode[];
export type AutoCloseReason = (typeof AUTO_CLOSE_REASONS)[number];

/** The header that makes a submit safe to repeat (Stripe's semantics). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Real-name verification (SPEC.md §3 Identity): 0 not submitted, 1 waiting, 2 finished. */
export const REVIEW_STATUSES = { notSubmitted: 0, waiting: 1, finished: 2 } as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[keyof typeof REVIEW_STATUSES];

/** A trader's complaint (issue 12): 0 received (the desk's queue), 1 handled by an operator. */
export const COMPLAINT_STATUSES = { received: 0, handled: 1 } as const;
export type ComplaintStatusCode = (typeof COMPLAINT_STATUSES)[keyof typeof COMPLAINT_STATUSES];

/**
 * The site's start-up switch (the start-up check's `status`, the back office's
 * `company_status`): 1 on, 0 off — visitors are sent to the loss URL.
 */
export const SITE_STATUSES = { off: 0, on: 1 } as const;
export type SiteStatus = (typeof SITE_STATUSES)[keyof typeof SITE_STATUSES];

/** A copy's lifecycle (copy trading) by name: `COPY_STATUS.stopped` is final. */
export const COPY_STATUS = {
  active: 'active',
  paused: 'paused',
  stopped: 'stopped',
} as const satisfies { [S in CopyStatus]: S };

/** Image uploads (ID documents, deposit proofs): judged by their bytes, re-encoded. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The multipart field of POST /api/common/image_upload. */
export const UPLOAD_FIELD = 'file';
/** Where an upload is read back; only its uploader and operators may read it. */
export const UPLOAD_PATH_PREFIX = '/api/common/upload/';

/** Longest values of the identity form; far above any real name or document number. */
export const IDENTITY_FIELD_MAX = { name: 64, cardId: 32, picture: 200 } as const;

/** Deposit statuses (SPEC.md §4): 0 unchecked, 1 finished, 2 rejected (remark shown), 3 invalid. */
export const DEPOSIT_STATUSES = { unchecked: 0, finished: 1, rejected: 2, invalid: 3 } as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[keyof typeof DEPOSIT_STATUSES];
/** Deposit record `type` (SPEC.md §3): 0 by a crypto network, 1 by bank wire. */
export const DEPOSIT_TYPES = { coin: 0, bank: 1 } as const;
export type DepositType = (typeof DEPOSIT_TYPES)[keyof typeof DEPOSIT_TYPES];
/** Withdrawal and bound-method `type` (SPEC.md §2 withdraw-way): 1 crypto address, 2 bank account. */
export const DRAW_TYPES = { coin: 1, bank: 2 } as const;
export type DrawType = (typeof DRAW_TYPES)[keyof typeof DRAW_TYPES];

/**
 * Withdrawal statuses: 0 under review (the amount held in lock_balance), 1 waiting for a
 * second approval (four eyes), 2 approved (paid out of the account, transfer under way),
 * 3 paid (the transfer's reference recorded), 4 rejected (the amount returned).
 */
export const WITHDRAWAL_STATUSES = {
  reviewing: 0,
  secondApproval: 1,
  approved: 2,
  paid: 3,
  rejected: 4,
} as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[keyof typeof WITHDRAWAL_STATUSES];
/** A withdrawal still holding the trader's attention (and its bound method). */
export const OPEN_WITHDRAWAL_STATUSES = [0, 1, 2] as const;

/** fee_type of a withdrawal currency (SPEC.md §9): 1 fixed (draw_rate USD), otherwise amount × draw_rate. */
export const WITHDRAW_FEE_TYPES = { fixed: 1, rate: 2 } as const;

/** Amounts of a deposit or withdrawal currency (BTC, USDT, EUR…) carry at most 8 decimals. */
export const CURRENCY_AMOUNT_DECIMALS = 8;
/** USD amounts (a withdrawal's number, fees, credits) carry at most 6 decimals: micro-USD. */
export const USD_AMOUNT_DECIMALS = 6;
/** Prices and rates of funding currencies (price_usd, usd_price, draw_rate) carry at most 12 decimals. */
export const FUNDING_RATE_DECIMALS = 12;

/** What a step of a deposit's or withdrawal's timeline records (the trader's "where is my money?"). */
export const FUNDING_STEPS = [
  'submitted',
  'credited',
  'rejected',
  'invalid',
  'approved',
  'second_approval',
  'paid',
  'returned',
] as const;
export type FundingStep = (typeof FUNDING_STEPS)[number];

/** Longest values of the funding forms. */
export const FUNDING_FIELD_MAX = {
  address: 128,
  bankName: 128,
  bankAddress: 256,
  swift: 16,
  payeeName: 128,
  payeeAccount: 64,
  currency: 16,
  remark: 256,
  memo: 256,
  picture: 200,
  reason: 500,
  reference: 128,
} as const;

/** Bound methods a trader may keep, and deposits waiting for review at once. */
export const MAX_BOUND_METHODS = 20;
export const MAX_UNCHECKED_DEPOSITS = 10;

/** The cookie the provider chosen in company mode is kept in, and for how long (SPEC.md §9: 3 years). */
export const COMPANY_COOKIE = 'company_id';
export const COMPANY_COOKIE_MAX_AGE_SECONDS = 3 * 365 * 24 * 60 * 60;
