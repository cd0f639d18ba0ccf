import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@tradedesk/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** The request's Idempotency-Key (order submit, withdrawal), if it sent one; malformed is refused. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value))
    throw new AppError('BAD_REQUEST', { field: 'Idempotency-Key' });
  return value;
}
