import type { FundingPush } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { isolateLtr } from './bidi.ts';
import { formatCents, wireMicros } from './format.ts';

/** Between an amount and its unit: a line never breaks there. */
const NBSP = '\u00a0';

/** USD to the cent with its unit, as one left-to-right unit: "100.00 USD". */
function usdText(value: number): string {
  return isolateLtr(`${formatCents(wireMicros(value), 'en')}${NBSP}USD`);
}

/**
 * An amount of a currency as the server wrote it (up to 8 decimals), at least to the cent,
 * with its unit: "250.50 USDT", "0.005 BTC".
 */
function currencyText(value: number, currency: string): string {
  const exact = /e/i.test(String(value)) ? value.toFixed(8).replace(/0+$/, '') : String(value);
  const [whole = '0', fraction = ''] = exact.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return isolateLtr(`${grouped}.${fraction.padEnd(2, '0')}${NBSP}${currency}`);
}

/**
 * What the desk decided, in a line: "Withdrawal of 100.00 USD paid", "Deposit of 250.00 USDT
 * credited: 250.00 USD added to your balance".
 */
export function fundingHeadline(t: TFunction, push: FundingPush): string {
  return t(`notices.${push.kind}`, {
    sent: currencyText(push.number, push.currency),
    credited: usdText(push.amount ?? 0),
    amount: usdText(push.number),
    receive: currencyText(push.real_number ?? 0, push.currency),
  });
}

/** What the decision's note is: a refusal's reason, a payment's reference; null when none. */
export function fundingNoteLabel(push: FundingPush): 'funding.reason' | 'funding.reference' | null {
  if (push.note === '') return null;
  return push.kind === 'withdrawal_paid' ? 'funding.reference' : 'funding.reason';
}

/** Whether the decision gave the trader's money back or refused it (a warning, not news). */
export function isRefusal(push: FundingPush): boolean {
  return (
    push.kind === 'deposit_rejected' ||
    push.kind === 'deposit_invalid' ||
    push.kind === 'withdrawal_rejected'
  );
}
