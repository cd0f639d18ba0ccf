import { PASSWORD_MAX, PASSWORD_MIN } from '@tradedesk/contract';
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
