import type { ResultName } from '@tradedesk/contract';
import type { MessageVars } from '@tradedesk/contract/messages';

/**
 * A refusal the client should see: one of the named results of contract/codes.ts, with the
 * variables its message needs. The central error handler turns it into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly result: ResultName,
    readonly vars: MessageVars = {},
    readonly data: unknown = null,
  ) {
    super(result);
    this.name = 'AppError';
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
