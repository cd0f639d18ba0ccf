import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * SPEC.md's client sends the same parameters as JSON, form-urlencoded or query strings;
 * they are merged (body over query) and the cache-busting `t` is dropped.
 */
export function mergeParams(query: unknown, body: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  if (query && typeof query === 'object') Object.assign(merged, query);
  if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(merged, body);
  delete merged.t;
  return merged;
}

function isMissing(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * Parses with the endpoint's schema. A missing field answers "Please complete" (SPEC.md §5);
 * any other mismatch names the field.
 */
export function parseParams<S extends z.ZodType>(
  schema: S,
  raw: Record<string, unknown>,
): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  if (field && isMissing(raw[field])) throw new AppError('INCOMPLETE', { field });
  throw new AppError('BAD_REQUEST', { field: field || 'body' });
}
