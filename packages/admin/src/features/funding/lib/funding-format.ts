import { USD_AMOUNT_DECIMALS, WITHDRAW_FEE_TYPES } from '@tradedesk/contract';
import { isZeroDecimal, padDecimals } from './decimal-text.ts';

/** How the funding pages write amounts, traders and channels. */

/** A USD amount as exact text with its 6 decimals: "250" → "250.000000". */
export function formatUsdText(text: string): string {
  return padDecimals(text, USD_AMOUNT_DECIMALS);
}

/** What the approve button of a deposit promises. */
export function approveCreditLabel(credit: string): string {
  return `Approve: credit ${formatUsdText(credit)} USD`;
}

/** The flag on a deposit whose proof image was also sent with others. */
export function duplicatesLabel(ids: readonly number[]): string {
  return `same image as ${ids.map((id) => `#${id}`).join(', ')}`;
}

/** "USDT · TRC20", or the currency alone where there is no protocol (a wire). */
export function currencyWithProtocol(currency: string, protocol: string): string {
  return protocol ? `${currency} · ${protocol}` : currency;
}

/** How a trader is reached: e-mail and/or mobile. */
export function traderContact(trader: { email: string | null; mobile: string | null }): string {
  return [trader.email, trader.mobile].filter(Boolean).join(' · ') || '—';
}

const currencyAmount = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 8,
  useGrouping: false,
});

/**
 * A deposit's amount in its currency, as the trader typed it (the API sends a JSON number of
 * at most 8 decimals): plain digits, never an exponent (1e-7 → "0.0000001").
 */
export function formatCurrencyAmount(amount: number): string {
  return currencyAmount.format(amount);
}

/** A withdrawal currency's fee in words: fee_type 1 is draw_rate USD, otherwise amount × draw_rate. */
export function feeLabel(feeType: number, drawRate: string): string {
  return feeType === WITHDRAW_FEE_TYPES.fixed
    ? `${drawRate} USD per withdrawal`
    : `amount × ${drawRate}`;
}

/** A maximum of "0" is none. */
export function maxLabel(max: string): string {
  return isZeroDecimal(max) ? 'none' : max;
}
