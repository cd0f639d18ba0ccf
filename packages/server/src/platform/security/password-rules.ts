import { OPERATOR_PASSWORD_MIN, PASSWORD_MAX, PASSWORD_MIN } from '@tradedesk/contract';
import { AppError } from '../http/app-error.ts';

/**
 * The one rule every password meets, a trader's or an operator's: its length, and the repeat
 * typed the same where a form asks for one.
 */
export function assertPasswordRules(password: string, repeated: string | undefined): void {
  if (repeated !== undefined && password !== repeated) throw new AppError('PASSWORD_MISMATCH');
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    throw new AppError('PASSWORD_WEAK');
}

/**
 * An operator's password, wherever one is set (a new operator, one's own change, the command
 * line): the common rule, and at least OPERATOR_PASSWORD_MIN characters (code points: an emoji
 * is one). ADMIN_PASSWORD is held to it by the configuration's check.
 */
export function assertOperatorPasswordRules(password: string): void {
  // First: a trader's "6 to 64 characters" would mislead an operator about the minimum.
  if (Array.from(password).length < OPERATOR_PASSWORD_MIN)
    throw new AppError('ADMIN_PASSWORD_TOO_SHORT', { min: OPERATOR_PASSWORD_MIN });
  assertPasswordRules(password, undefined);
}
