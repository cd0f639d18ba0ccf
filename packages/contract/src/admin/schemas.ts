import { z } from 'zod';
import { ledgerRowSchema } from '../http/accounts.ts';
import {
  choiceField,
  FIELD_MAX,
  idField,
  integerField,
  optionalText,
  pageField,
  passwordField,
  requiredText,
} from '../http/fields.ts';
import { identityCenterSchema } from '../http/identity.ts';
import { orderSchema } from '../http/trading.ts';
import { userSchema } from '../http/users.ts';
import { ADMIN_ROLES } from './roles.ts';

/** A six-digit TOTP code (RFC 6238). */
const otpField = () =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/);

const paged = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total: z.number().int() });

export const adminSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  /** Whether two-factor is enrolled. */
  otp_enabled: z.boolean(),
  disabled: z.boolean(),
  created_at: z.number().int(),
});
export type Admin = z.infer<typeof adminSchema>;

export const adminLoginRequestSchema = z.object({
  account: requiredText(FIELD_MAX.email),
  password: passwordField(),
  otp: z.preprocess((v) => (v === '' || v === null ? undefined : v), otpField().optional()),
  /**
   * After repeated failed logins of the operator from anywhere (answer CAPTCHA_REQUIRED), the
   * key and the answer of a captcha from GET /api/captcha must come with the password.
   */
  captcha_key: optionalText(FIELD_MAX.captchaKey),
  captcha_code: optionalText(FIELD_MAX.code),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;
export const adminSessionSchema = z.object({
  token: z.string(),
  admin: adminSchema.pick({ id: true, email: true, role: true }),
  /** ADMIN_REQUIRE_2FA and none enrolled yet: only enrolment is open to this session. */
  otp_setup_required: z.boolean(),
  /**
   * The owner's password is the one generated at first start: only changing it is open to
   * this session (every other call answers ADMIN_PASSWORD_CHANGE_REQUIRED).
   */
  password_change_required: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminMeSchema = adminSchema.extend({
  otp_setup_required: z.boolean(),
  password_change_required: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;

export const otpSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, a PNG data URL. */
  qr: z.string(),
});
export type OtpSetup = z.infer<typeof otpSetupSchema>;
/**
 * Enrolment starts with the operator's current password: a session alone (a stolen one) must
 * not be able to put the second factor on the thief's phone and lock the operator out.
 */
export const otpSetupRequestSchema = z.object({ password: passwordField() });
export const otpEnableRequestSchema = z.object({ otp: otpField() });
/** A current code of the enrolled app: turning two-factor off takes one, as a login does. */
export const otpDisableRequestSchema = z.object({ otp: otpField() });

/**
 * One's own password change: the current password proves the session's holder knows it; the
 * new one follows the rules of an operator's first password (createOperatorRequestSchema):
 * OPERATOR_PASSWORD_MIN to PASSWORD_MAX characters, checked by the server
 * (ADMIN_PASSWORD_TOO_SHORT, PASSWORD_WEAK).
 */
export const changeOperatorPasswordRequestSchema = z.object({
  old_password: passwordField(),
  password: passwordField(),
});

export const idParamSchema = z.object({ id: idField() });

/** A trader as operators see them. */
export const adminUserSchema = userSchema.extend({
  disabled: z.boolean(),
  created_at: z.number().int(),
  balance: z.number(),
  lock_balance: z.number(),
  review_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersRequestSchema = z.object({
  /** Part of an e-mail, a mobile number or a uid. */
  query: optionalText(FIELD_MAX.search),
  is_demo: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    choiceField([0, 1]).optional(),
  ),
  page: pageField(),
});
export const adminUsersSchema = paged(adminUserSchema);

export const adminUserDetailRequestSchema = idParamSchema.extend({ ledger_page: pageField() });
export const adminInviteeSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  created_at: z.number().int(),
  review_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
/** A ledger row as the back office lists it. */
export const adminLedgerRowSchema = ledgerRowSchema.extend({
  /**
   * A withdrawal's "paid out" row: written when it was approved and the held amount left the
   * account (CreatedAtTran); the transfer itself is made, and marked paid, later (paid_at).
   */
  withdrawal_payout: z.boolean(),
  /**
   * On a withdrawal's "paid out" row, when the transfer was marked paid, "YYYY-MM-DD HH:mm:ss"
   * UTC; null while it is not, and on every other row.
   */
  paid_at: z.string().nullable(),
});
export type AdminLedgerRow = z.infer<typeof adminLedgerRowSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  /** Open positions and pending orders. */
  orders: z.array(orderSchema),
  ledger: paged(adminLedgerRowSchema),
  identity: identityCenterSchema.extend({ submitted_at: z.number().int().nullable() }),
  invitees: z.array(adminInviteeSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const creditScoreRequestSchema = idParamSchema.extend({
  credit_score: integerField({ min: 0, max: 1000 }),
});

export const identityRowSchema = z.object({
  user_id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  review_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  name: z.string(),
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  reason: z.string(),
  submitted_at: z.number().int().nullable(),
  reviewed_at: z.number().int().nullable(),
});
export type IdentityRow = z.infer<typeof identityRowSchema>;
export const identitiesRequestSchema = z.object({
  /** Default: waiting (the review queue). */
  status: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 1 : v),
    choiceField([0, 1, 2]),
  ),
  page: pageField(),
});
export const identitiesSchema = paged(identityRowSchema);
/** Identities are keyed by their trader: `id` is the user id. */
export const rejectIdentityRequestSchema = idParamSchema.extend({ reason: requiredText(500) });

/** The settings getBasicInfo serves that operators may change. */
export const adminSettingsSchema = z.object({
  app_name: z.string(),
  service_link: z.string(),
  service_link_type: z.number().int(),
  verify_reg_type: z.number().int(),
  is_show_mobile: z.number().int(),
  trade_fee_type: z.number().int(),
  complaint_email: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const adminSettingsRequestSchema = z.object({
  app_name: optionalText(64),
  /** An http(s) URL, or empty for none. */
  service_link: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string().trim().max(500).optional(),
  ),
  service_link_type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    choiceField([1, 2, 3]).optional(),
  ),
  verify_reg_type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    choiceField([1, 2]).optional(),
  ),
  is_show_mobile: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    choiceField([0, 1, 3]).optional(),
  ),
  trade_fee_type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    choiceField([1, 2]).optional(),
  ),
  complaint_email: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string().trim().max(FIELD_MAX.email).optional(),
  ),
});

export const operatorsSchema = z.array(adminSchema);
export const createOperatorRequestSchema = z.object({
  email: requiredText(FIELD_MAX.email),
  password: passwordField(),
  role: z.enum(ADMIN_ROLES),
});

export const auditRowSchema = z.object({
  id: z.number().int(),
  admin_id: z.number().int().nullable(),
  admin_email: z.string(),
  role: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** A trader's public user number when the target is a user (target_type "user"); else null. */
  target_uid: z.string().nullable(),
  /** JSON of the target before and after the change; null where nothing existed. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  ip: z.string(),
  created_at: z.number().int(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditRequestSchema = z.object({
  page: pageField(),
  admin_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField().optional()),
  action: optionalText(64),
});
export const auditSchema = paged(auditRowSchema);
