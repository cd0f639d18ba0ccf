import { CURRENCY_AMOUNT_MAX, USD_AMOUNT_MAX, WITHDRAW_FEE_TYPES } from '@tradedesk/contract';
import { divide, parseDecimal, rescale, type WithdrawalTerms } from '@tradedesk/engine';
import { AppError } from '../../platform/http/app-error.ts';
import { CURRENCY_SCALE, decimalText, RATE_SCALE, USD_SCALE } from './funding-units.ts';

/**
 * The contract's amount limits (contract/src/amount-limits.ts) at funding's scales, and the
 * largest amounts that keep a product of two bounded values inside them: the contract bounds
 * each value, the server the products it computes (a deposit's credit, a withdrawal's payout).
 */

/** USD_AMOUNT_MAX in micro-USD: the most an account's money may reach by deposits. */
export const USD_LIMIT = parseDecimal(USD_AMOUNT_MAX, USD_SCALE);

/** CURRENCY_AMOUNT_MAX at 10^-8: the most a withdrawal may pay out in its currency. */
export const CURRENCY_LIMIT = parseDecimal(CURRENCY_AMOUNT_MAX, CURRENCY_SCALE);

const RATE_ONE = 10n ** BigInt(RATE_SCALE);
/** Currency (10^-8) × price (10^-12) = 10^-20; a credit is at 10^-6. */
const CREDIT_SHIFT = 10n ** BigInt(CURRENCY_SCALE + RATE_SCALE - USD_SCALE);
/** Micro-USD (10^-6) × usd_price (10^-12) = 10^-18; a payout is at 10^-8. */
const PAYOUT_SHIFT = 10n ** BigInt(USD_SCALE + RATE_SCALE - CURRENCY_SCALE);

/**
 * The largest deposit number (10^-8) whose credit at `priceUsd` (10^-12) stays within
 * `roomMicros`: credit = ⌊number × price / 10^14⌋ ≤ room ⇔ number × price < (room + 1) × 10^14.
 */
export function largestDepositNumber(roomMicros: bigint, priceUsd: bigint): bigint {
  if (roomMicros < 0n || priceUsd <= 0n) return 0n;
  return divide((roomMicros + 1n) * CREDIT_SHIFT - 1n, priceUsd, 'down');
}

/** AMOUNT_ABOVE_MAX naming the largest deposit number whose credit fits `roomMicros`. */
export function depositAboveMax(roomMicros: bigint, priceUsd: bigint): AppError {
  const max = largestDepositNumber(roomMicros, priceUsd);
  return new AppError('AMOUNT_ABOVE_MAX', { max: decimalText(max, CURRENCY_SCALE) });
}

/**
 * The largest withdrawal in micro-USD whose payout, (amount − fee) × usd_price rounded down,
 * stays within CURRENCY_LIMIT: the net may be ⌊((limit + 1) × 10^10 − 1) / usd_price⌋; a fixed
 * fee adds to it, a rate r divides it by (1 − r), rounded down so that the fee (rounded half
 * up) never leaves more than that net.
 */
export function largestWithdrawal(terms: WithdrawalTerms): bigint {
  const net = divide((CURRENCY_LIMIT + 1n) * PAYOUT_SHIFT - 1n, terms.usdPrice, 'down');
  // The fee as withdrawalQuote takes it: draw_rate USD, half up to the micro-USD.
  if (terms.feeType === WITHDRAW_FEE_TYPES.fixed)
    return net + rescale(terms.drawRate, RATE_SCALE, USD_SCALE, 'half-up');
  if (terms.drawRate >= RATE_ONE) return 0n;
  return divide(net * RATE_ONE, RATE_ONE - terms.drawRate, 'down');
}
