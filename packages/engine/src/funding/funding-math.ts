import { divide, rescale } from '../money/decimal.ts';
import { asMicros, MICROS_SCALE, type Micros, ZERO_MICROS } from '../money/micros.ts';

/**
 * Funding amounts: USD in micros (10^-6); amounts of another currency (BTC, USDT, EUR) in
 * 10^-8 of it; prices and rates (price_usd, usd_price, draw_rate) in 10^-12. Every product is
 * rounded once, as named, and nothing passes through binary floating point.
 */
export const CURRENCY_SCALE = 8;
export const FUNDING_RATE_SCALE = 12;

/** fee_type (SPEC.md §9): 1 a fixed fee of draw_rate USD; otherwise amount × draw_rate. */
export type WithdrawFeeType = 1 | 2;

export interface WithdrawalTerms {
  feeType: WithdrawFeeType;
  /** fee_type 1: USD; otherwise a share of the amount (0.001 = 0.1 %). At 10^-12. */
  drawRate: bigint;
  /** Units of the currency paid per USD, at 10^-12. */
  usdPrice: bigint;
}

export interface WithdrawalQuote {
  /** USD, rounded half up. */
  fee: Micros;
  /** In the currency at 10^-8: (amount − fee) × usd_price, rounded down, floored at 0. */
  receive: bigint;
}

/**
 * SPEC.md §9: fee = draw_rate (fixed) or amount × draw_rate; receive = (amount − fee) ×
 * usd_price, floored at 0. The receive amount rounds down: a trader is never promised a
 * fraction the payment cannot carry.
 */
export function withdrawalQuote(amount: Micros, terms: WithdrawalTerms): WithdrawalQuote {
  const fee =
    terms.feeType === 1
      ? asMicros(rescale(terms.drawRate, FUNDING_RATE_SCALE, MICROS_SCALE, 'half-up'))
      : asMicros(divide(amount * terms.drawRate, 10n ** BigInt(FUNDING_RATE_SCALE), 'half-up'));
  const net = amount - fee;
  if (net <= 0n) return { fee, receive: 0n };
  // Micros (10^-6) × price (10^-12) = 10^-18, down to the currency's 10^-8.
  const receive = divide(
    net * terms.usdPrice,
    10n ** BigInt(MICROS_SCALE + FUNDING_RATE_SCALE - CURRENCY_SCALE),
    'down',
  );
  return { fee, receive };
}

/**
 * The USD a deposit credits: number (10^-8 of its currency) × price_usd (10^-12), rounded
 * down to micros — never more than the proof shows.
 */
export function depositCredit(number: bigint, priceUsd: bigint): Micros {
  if (number <= 0n || priceUsd <= 0n) return ZERO_MICROS;
  return asMicros(
    divide(
      number * priceUsd,
      10n ** BigInt(CURRENCY_SCALE + FUNDING_RATE_SCALE - MICROS_SCALE),
      'down',
    ),
  );
}
