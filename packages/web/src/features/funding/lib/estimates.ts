import type { DrawCurrency } from '@tradedesk/contract';
import {
  CURRENCY_SCALE,
  depositCredit,
  FUNDING_RATE_SCALE,
  MICROS_SCALE,
  parseDecimal,
  parseMicros,
  withdrawalQuote,
} from '@tradedesk/engine';
import { amountToSend } from '../../../lib/amount-text.ts';
import { formatScaled, wireToScaled } from './decimal-text.ts';

export interface WithdrawEstimate {
  /** USD, e.g. "1.00" or "0.105". */
  fee: string;
  /** In the currency, e.g. "98.00" or "0.00123456"; "0.00" when the fee takes it all. */
  receive: string;
  /** The fee is the whole amount or more: nothing would arrive. */
  feeTakesAll: boolean;
}

/**
 * The fee and the amount that arrives for a withdrawal of `amountText` USD (SPEC.md §9):
 * fee = draw_rate (fee_type 1) or amount × draw_rate, rounded half up to micro-USD; receive =
 * (amount − fee) × usd_price, rounded down to 8 decimals, floored at 0. The engine's exact
 * arithmetic, so the page shows what the server will compute. Null while the amount is none.
 */
export function estimateWithdrawal(
  amountText: string,
  currency: Pick<DrawCurrency, 'fee_type' | 'draw_rate' | 'usd_price'>,
): WithdrawEstimate | null {
  const amount = amountToSend(amountText);
  if (amount === null) return null;
  try {
    const { fee, receive } = withdrawalQuote(parseMicros(amount), {
      feeType: currency.fee_type === 1 ? 1 : 2,
      drawRate: wireToScaled(currency.draw_rate, FUNDING_RATE_SCALE),
      usdPrice: wireToScaled(currency.usd_price, FUNDING_RATE_SCALE),
    });
    return {
      fee: formatScaled(fee, MICROS_SCALE),
      receive: formatScaled(receive, CURRENCY_SCALE),
      feeTakesAll: receive === 0n,
    };
  } catch {
    // More decimals than USD carries (the field prevents it) or a malformed rate: no estimate.
    return null;
  }
}

/**
 * What a deposit of `amountText` of a currency credits once approved: amount × price_usd,
 * rounded down to micro-USD (never more than the proof shows). Null while the amount is none.
 */
export function estimateDepositUsd(amountText: string, priceUsd: number): string | null {
  const amount = amountToSend(amountText);
  if (amount === null) return null;
  try {
    const credit = depositCredit(
      parseDecimal(amount, CURRENCY_SCALE),
      wireToScaled(priceUsd, FUNDING_RATE_SCALE),
    );
    return formatScaled(credit, MICROS_SCALE);
  } catch {
    return null;
  }
}
