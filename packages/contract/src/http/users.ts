import { z } from 'zod';
import { CONTACT_TYPES } from '../constants.ts';
import {
  choiceField,
  FIELD_MAX,
  idField,
  optionalId,
  optionalText,
  passwordField,
  requiredText,
} from './fields.ts';

export const userSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  area_id: z.number().int().nullable(),
  is_demo: z.union([z.literal(0), z.literal(1)]),
  credit_score: z.number().int(),
  invite_code: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

export const loginRequestSchema = z.object({
  account: requiredText(FIELD_MAX.account),
  password: passwordField(),
  /** Disambiguates a mobile number registered in several areas; optional. */
  area_id: optionalId(),
  /**
   * After repeated failed logins of an account (answer CAPTCHA_REQUIRED), the key and the
   * answer of a captcha from GET /api/captcha must come with the password.
   */
  captcha_key: optionalText(FIELD_MAX.captchaKey),
  captcha_code: optionalText(FIELD_MAX.code),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const demoRequestSchema = z.object({
  /** A device uuid the browser keeps in local storage. */
  demo_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/),
});

export const registerRequestSchema = z.object({
  type: z.enum(CONTACT_TYPES),
  area_id: optionalId(),
  account: requiredText(FIELD_MAX.account),
  password: passwordField(),
  re_password: passwordField(),
  invite_code: optionalText(FIELD_MAX.inviteCode),
  /** The e-mailed/SMS code, or the captcha text when verify_reg_type is 2. */
  sms_code: requiredText(FIELD_MAX.code),
  /** The captcha key when verify_reg_type is 2. */
  key: optionalText(FIELD_MAX.captchaKey),
  mobile: optionalText(FIELD_MAX.mobile),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const sendSmsRequestSchema = z.object({
  to: requiredText(FIELD_MAX.mobile),
  area_id: optionalId(),
  type: choiceField([1, 2]),
});
export const sendEmailRequestSchema = z.object({
  to: requiredText(FIELD_MAX.email),
  type: choiceField([1, 2]),
});
/**
 * The `data` of a CODE_TOO_SOON refusal of send_sms / send_email: how long until the same
 * address may be sent a code again, so the send button counts down exactly that (the
 * message says it in words only).
 */
export const codeTooSoonDataSchema = z.object({ seconds: z.number().int().positive() });
export type CodeTooSoonData = z.infer<typeof codeTooSoonDataSchema>;

export const amendPasswordRequestSchema = z.object({
  new_password: passwordField(),
  re_password: passwordField().optional(),
  /** The current password (type 1) or a code sent to the account (type 2). */
  auth_code: requiredText(FIELD_MAX.password),
  type: z.preprocess((v) => (v === undefined || v === '' ? 1 : v), choiceField([1, 2])),
});

export const forgetPasswordRequestSchema = z.object({
  type: z.enum(CONTACT_TYPES),
  account: requiredText(FIELD_MAX.account),
  area_id: optionalId(),
  new_password: passwordField(),
  secondary_password: passwordField(),
  auth_code: requiredText(FIELD_MAX.code),
});

export const captchaSchema = z.object({ key: z.string(), img: z.string() });
export type Captcha = z.infer<typeof captchaSchema>;

export { idField };
