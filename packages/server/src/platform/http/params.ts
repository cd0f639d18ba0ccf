import {
  NUMBER_FORM_ISSUE,
  RESULT_CODES,
  RESULT_ISSUE,
  type ResultIssueParams,
} from '@tradedesk/contract';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Keys that name the prototype machinery, never a parameter. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Copies own enumerable keys only, skipping prototype keys, into a null-prototype object. */
function copyOwn(from: unknown, into: Record<string, unknown>): void {
  if (!from || typeof from !== 'object' || Array.isArray(from)) return;
  for (const key of Object.keys(from)) {
    if (PROTOTYPE_KEYS.has(key)) continue;
    into[key] = (from as Record<string, unknown>)[key];
  }
}

/**
 * SPEC.md's client sends the same parameters as JSON, form-urlencoded or query strings;
 * they are merged (body over query) and the cache-busting `t` is dropped. The result has
 * no prototype, so no key a client sends can reach one (`__proto__`, `constructor`).
 */
export function mergeParams(query: unknown, body: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = Object.create(null);
  copyOwn(query, merged);
  copyOwn(body, merged);
  delete merged.t;
  return merged;
}

function isMissing(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** The params of an issue that names its own result (a bound of amount-limits.ts); else undefined. */
function namedResult(issue: z.core.$ZodIssue): ResultIssueParams | undefined {
  if (issue.code !== 'custom' || issue.message !== RESULT_ISSUE) return undefined;
  const params = issue.params as Partial<ResultIssueParams> | undefined;
  return params?.result && params.result in RESULT_CODES
    ? (params as ResultIssueParams)
    : undefined;
}

/**
 * The refusal for one schema issue: missing, a number in a form we do not read, too long, a
 * result the schema names (an amount above its maximum), or bad.
 */
function refusalOf(issue: z.core.$ZodIssue | undefined, raw: Record<string, unknown>): AppError {
  const field = String(issue?.path[0] ?? '');
  if (!issue || !field) return new AppError('BAD_REQUEST', { field: field || 'body' });
  if (isMissing(raw[field])) return new AppError('INCOMPLETE', { field });
  const wrongNumberType = issue.code === 'invalid_type' && issue.expected === 'number';
  if (wrongNumberType || issue.message === NUMBER_FORM_ISSUE)
    return new AppError('INVALID_NUMBER', { field });
  const named = namedResult(issue);
  if (named) return AppError.named(named.result, { field, ...named.vars });
  if (issue.code === 'too_big' && issue.origin === 'string')
    return new AppError('FIELD_TOO_LONG', { field, max: Number(issue.maximum) });
  return new AppError('BAD_REQUEST', { field });
}

/** Whether a parsed value holds a NUL character in any of its strings, however deep. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).some(holdsNul);
  return false;
}

/**
 * Parses with the endpoint's schema. A missing field answers "Please complete" (SPEC.md §5);
 * a number written as anything but plain digits, or text over its field's length, says so;
 * any other mismatch names the field. Text holding a NUL character is refused here, for
 * every endpoint at once: no person types one, and PostgreSQL cannot store or even compare
 * one (it fails the whole statement), so it must never reach a query.
 */
export function parseParams<S extends z.ZodType>(
  schema: S,
  raw: Record<string, unknown>,
): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw refusalOf(result.error.issues[0], raw);
  const data: unknown = result.data;
  if (data && typeof data === 'object') {
    for (const [field, value] of Object.entries(data)) {
      if (holdsNul(value)) throw new AppError('BAD_REQUEST', { field });
    }
  }
  return result.data;
}
