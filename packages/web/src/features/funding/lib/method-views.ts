import { type BoundMethod, DRAW_TYPES } from '@tradedesk/contract';
import { parseServerTime } from '../../../lib/local-time.ts';
import { maskAccount } from './mask-account.ts';

/**
 * Whether withdrawals may go to a bound method now: the server said so when it answered, or
 * its cooling-off has ended since (the page stayed open).
 */
export function isMethodUsable(
  method: Pick<BoundMethod, 'usable' | 'usable_at'>,
  nowMs: number,
): boolean {
  if (method.usable) return true;
  const at = parseServerTime(method.usable_at);
  return at !== null && at <= nowMs;
}

/** How a method is recognised in a list: the address, or the bank with the account's last digits. */
export function describeMethod(method: BoundMethod): { title: string; detail: string } {
  if (method.type === DRAW_TYPES.coin) {
    const { code, protocol } = method.draw_currency;
    return { title: method.dc_address, detail: [code, protocol].filter(Boolean).join(' · ') };
  }
  return {
    title: method.bank_name,
    detail: `${method.payee_name} · ${maskAccount(method.payee_account)}`,
  };
}
