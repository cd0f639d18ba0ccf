import { z } from 'zod';
import { isDecimalAtMost } from '../amount-limits.ts';
import type { ResultName } from '../codes.ts';

/**
 * Field builders for requests that arrive as JSON, form-urlencoded or query strings alike:
 * every scalar may come as a string, so numbers are read from their text and strings trimmed.
 *
 * Numbers are accepted in two forms only: a JSON number, or plain decimal digits as text.
 * JavaScript's own conversions are never used on input (they read "0x10" as 16, "1e2" as
 * 100, true as 1, [5] as 5 and "" as 0), and every bound matches the column it is stored in.
 */

/** The largest value of an INTEGER column (PostgreSQL's is 32-bit signed). */
export const INT32_MAX = 2_147_483_647;

/** Longest text each kind of field accepts (RFC 5321 for e-mail); longer is refused early. */
export const FIELD_MAX = {
  email: 254,
  mobile: 32,
  /** An e-mail or a mobile number. */
  account: 254,
  /** Far above the password rules (6–64), so that only abuse meets it. */
  password: 128,
  /** A 6-digit code or a captcha answer. */
  code: 16,
  captchaKey: 64,
  inviteCode: 32,
  search: 64,
  settingKey: 64,
} as const;

/**
 * The message of an issue raised by a number in a form we do not read; the server answers
 * it with INVALID_NUMBER instead of a generic bad request.
 */
export const NUMBER_FORM_ISSUE = 'number-form';

/**
 * The message of an issue that names the result the server answers with: its `params` hold
 * `result` (a RESULT_CODES name) and the message's vars (ResultIssueParams). Bounds a person
 * can meet by typing a large number answer what they broke, not a generic bad request.
 */
export const RESULT_ISSUE = 'result';

export interface ResultIssueParams {
  result: ResultName;
  vars?: Record<string, string | number>;
}

const PLAIN_INTEGER = /^-?\d+$/;
/** Up to 12 integer digits; up to 18 decimals (trailing zeros are dropped before scale checks). */
const PLAIN_DECIMAL = /^\d{1,12}(\.\d{1,18})?$/;

/** A missing optional value: absent, null or empty text. */
function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** Reads plain integer text as a number; anything else is left for the number schema to refuse. */
function readPlainInteger(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return PLAIN_INTEGER.test(text) ? Number(text) : value;
}

/** An integer in [min, max], sent as a JSON number or plain decimal digits. */
export const integerField = (bounds: { min: number; max: number }) =>
  z.preprocess(readPlainInteger, z.number().int().min(bounds.min).max(bounds.max));

/** One of a few small integers (an order side, a status), in the forms integerField takes. */
export const choiceField = <const T extends readonly [number, ...number[]]>(choices: T) =>
  z.preprocess(readPlainInteger, z.number().pipe(z.literal(choices)));

/** An optional integer with a default when absent or empty. */
export const integerWithDefault = (bounds: { min: number; max: number }, fallback: number) =>
  z.preprocess((v) => (isBlank(v) ? fallback : v), integerField(bounds));

/**
 * When a pending order expires: "gtc" (good till cancelled; also 0 or empty), "today" (the
 * end of its instrument's trading day) or a moment in epoch milliseconds.
 */
/** The words an expiry takes besides a moment in epoch milliseconds. */
export const EXPIRY_WORDS = ['gtc', 'today'] as const;

export const expiryField = () =>
  z.preprocess(
    (v) => (v === 0 || v === '0' || v === '' || v === null ? 'gtc' : readPlainInteger(v)),
    z.union([z.literal(EXPIRY_WORDS), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)]),
  );
export type ExpiryRequest = z.output<ReturnType<typeof expiryField>>;

/** A positive id of an INTEGER column. */
export const idField = () => integerField({ min: 1, max: INT32_MAX });

export const optionalId = () =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), idField().optional());

/** A page number of a paged list. */
export const pageField = () => integerWithDefault({ min: 1, max: 100_000 }, 1);

/** A required text field; empty after trimming counts as missing ("Please complete"). */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** An optional text field; empty becomes undefined. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(max).optional(),
  );

/** A password as typed: not trimmed (spaces are characters too), bounded. */
export const passwordField = () => z.string().min(1).max(FIELD_MAX.password);

/** "0.010000" → "0.01", "50000.000" → "50000": equal values have one text. */
function dropTrailingZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * A non-negative decimal, sent as a string or a JSON number, kept as its decimal text so
 * that the server parses it exactly (a number's shortest round-trip text, e.g. 0.1 → "0.1";
 * a number whose text has an exponent, such as 1e-7, is refused like the text "1e-7").
 * Trailing zeros of the fraction are dropped, so "0.010000" is the lot step 0.01.
 */
export const decimalField = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: (issue) => (issue.code === 'invalid_type' ? NUMBER_FORM_ISSUE : undefined) })
      .trim()
      .regex(PLAIN_DECIMAL, { error: NUMBER_FORM_ISSUE })
      .transform(dropTrailingZeros),
  );

/**
 * A decimalField at most `max` (an integer limit of amount-limits.ts). Above it, a trader's
 * amount answers AMOUNT_ABOVE_MAX naming the maximum; an operator's setting INVALID_SETTING
 * naming the field.
 */
export const boundedDecimalField = (max: string, refusal: 'amount' | 'setting') => {
  const params: ResultIssueParams =
    refusal === 'amount'
      ? { result: 'AMOUNT_ABOVE_MAX', vars: { max } }
      : { result: 'INVALID_SETTING' };
  return decimalField().refine((text) => isDecimalAtMost(text, max), {
    error: RESULT_ISSUE,
    params,
  });
};

/** A flag from a form or JSON: true/false, 1/0. */
export const flagField = () =>
  z.preprocess(
    (v) =>
      v === 'true' || v === '1' || v === 1
        ? true
        : v === 'false' || v === '0' || v === 0
          ? false
          : v,
    z.boolean(),
  );
