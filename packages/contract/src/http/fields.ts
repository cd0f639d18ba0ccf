import { z } from 'zod';

/**
 * Field builders for requests that arrive as JSON, form-urlencoded or query strings alike:
 * every scalar may come as a string, so numbers are coerced and strings trimmed.
 */

/** A required text field; empty after trimming counts as missing ("Please complete"). */
export const requiredText = () => z.string().trim().min(1);

/** An optional text field; empty becomes undefined. */
export const optionalText = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().optional());

/** A positive integer id, sent as a number or a numeric string. */
export const idField = () => z.coerce.number().int().positive();

export const optionalId = () =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    idField().optional(),
  );

/** Passwords: 6 to 64 characters, not trimmed (spaces are characters too). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
export const passwordField = () => z.string().min(1);

/** Verification codes are 6 digits (DECISIONS.md Accounts). */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;
