/**
 * Constants of the contract, kept apart from the schemas so that the web bundle can use them
 * without carrying the validation library.
 */

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
] as const;
export type CloseReasonCode = (typeof CLOSE_REASONS)[number];

/** The header that makes a submit safe to repeat (Stripe's semantics). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Real-name verification (SPEC.md §3 Identity): 0 not submitted, 1 waiting, 2 finished. */
export const REVIEW_STATUSES = { notSubmitted: 0, waiting: 1, finished: 2 } as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[keyof typeof REVIEW_STATUSES];

/** Image uploads (ID documents, deposit proofs): judged by their bytes, re-encoded. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The multipart field of POST /api/common/image_upload. */
export const UPLOAD_FIELD = 'file';
/** Where an upload is read back; only its uploader and operators may read it. */
export const UPLOAD_PATH_PREFIX = '/api/common/upload/';

/** Longest values of the identity form; far above any real name or document number. */
export const IDENTITY_FIELD_MAX = { name: 64, cardId: 32, picture: 200 } as const;
