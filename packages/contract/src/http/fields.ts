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

export const passwordField = () => z.string().min(1);

/**
 * A non-negative decimal, sent as a string or a JSON number, kept as its decimal text so
 * that the server parses it exactly (a number's shortest round-trip text, e.g. 0.1 → "0.1").
 */
export const decimalField = () =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,12})?$/),
  );
