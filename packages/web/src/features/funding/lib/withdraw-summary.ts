import {
  type BoundMethod,
  DRAW_TYPES,
  type DrawCurrency,
  type DrawType,
} from '@tradedesk/contract';
import { MICROS_SCALE, parseMicros } from '@tradedesk/engine';
import { formatScaled } from './decimal-text.ts';
import type { WithdrawEstimate } from './estimates.ts';
import { describeMethod } from './method-views.ts';

/** What the confirmation shows: the figures of the form, as the page computed them. */
export interface WithdrawSummary {
  /** USD leaving the balance, fee included. */
  amount: string;
  /** USD. */
  fee: string;
  /** In the currency. */
  receive: string;
  /** Currency and network, e.g. "USDT · TRC20". */
  currency: string;
  code: string;
  /** The address, or the bank account, the money goes to. */
  destination: string;
}

/**
 * The confirmation's figures of a checked withdrawal of `number` USD (the wire's decimal text):
 * a coin withdrawal goes to the address, a bank one to the bank and the account's last digits.
 */
export function summarizeWithdrawal(withdrawal: {
  type: DrawType;
  number: string;
  currency: DrawCurrency;
  method: BoundMethod;
  estimate: WithdrawEstimate | null;
}): WithdrawSummary {
  const { currency, estimate } = withdrawal;
  const destination = describeMethod(withdrawal.method);
  return {
    amount: formatScaled(parseMicros(withdrawal.number), MICROS_SCALE),
    fee: estimate?.fee ?? '—',
    receive: estimate?.receive ?? '—',
    code: currency.code,
    currency: [currency.code, currency.protocol].filter(Boolean).join(' · '),
    destination:
      withdrawal.type === DRAW_TYPES.coin
        ? destination.title
        : `${destination.title} · ${destination.detail}`,
  };
}
