import type { PlainResultName, ResultName, ResultVars } from '@tradedesk/contract';
import type { MessageVars } from '@tradedesk/contract/messages';

/**
 * What follows the result: its message's variables (required when the message has
 * placeholders, so that no refusal can be thrown that shows `{available}`), then its data.
 */
type AppErrorDetails<N extends ResultName> = [N] extends [PlainResultName]
  ? [vars?: MessageVars, data?: unknown]
  : [vars: ResultVars<N> & MessageVars, data?: unknown];

/**
 * A refusal the client should see: one of the named results of contract/codes.ts, with the
 * variables its message needs. The central error handler turns it into the envelope.
 */
export class AppError<N extends ResultName = ResultName> extends Error {
  readonly vars: MessageVars;
  readonly data: unknown;

  constructor(
    readonly result: N,
    ...[vars = {}, data = null]: AppErrorDetails<N>
  ) {
    super(result);
    this.name = 'AppError';
    this.vars = vars;
    this.data = data;
  }

  /**
   * A result named at run time (a schema issue's params), whose variables no compiler can
   * check: the error handler logs any it lacks and never shows a raw placeholder.
   */
  static named(result: ResultName, vars: MessageVars, data: unknown = null): AppError {
    return new (AppError as new (r: ResultName, v: MessageVars, d: unknown) => AppError)(
      result,
      vars,
      data,
    );
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
