/**
 * The largest amounts the platform records (issue 24, item 5: a deposit of 99999999999
 * answered HTTP 500). Every amount is stored as an integer at a fixed scale in a 64-bit
 * column, and SQLite's INTEGER and PostgreSQL's BIGINT both hold at most INT64_MAX. Each
 * limit below is the largest power of ten whose scaled integer fits, and the wire's plain
 * decimal (at most 12 integer digits, contract/src/http/fields.ts) can write it exactly.
 *
 * A request above a limit is refused by the contract's schema: AMOUNT_ABOVE_MAX for a trader's
 * amount, INVALID_SETTING for an operator's setting. A product of two bounded values (a
 * deposit's number × its price, a withdrawal's amount × usd_price) can still pass a column,
 * so the server checks it where both are known and answers AMOUNT_ABOVE_MAX.
 */

/** 2^63 − 1 = 9 223 372 036 854 775 807: SQLite INTEGER and PostgreSQL BIGINT. */
export const INT64_MAX = 9_223_372_036_854_775_807n;

/**
 * USD: 100 000 000 000 (10^11 USD = 10^17 micro-USD). Micro-USD columns (accounts.balance,
 * ledger.amount and balance_after, deposits.credited, withdrawals.number and fee,
 * draw_currencies.min and max) hold INT64_MAX µUSD ≈ 9.22·10^12 USD. An account's money is
 * the sum of its credits, so deposits may not take it above this limit (the server checks
 * balance + held + margin + credit): the balance column keeps 90 times the limit of room
 * for trading results on top. A withdrawal's amount is bounded by it as well as by the
 * balance. Bounds: POST /api/account/draw `number`; saveDrawCurrency `min`, `max`; a
 * deposit's credit (number × price_usd), checked at submission and at approval.
 */
export const USD_AMOUNT_MAX = '100000000000';

/**
 * Another currency (BTC, USDT, EUR): 10 000 000 000 units (10^10 = 10^18 at 10^-8).
 * Columns at 10^-8 (deposits.number, withdrawals.real_number, deposit_networks.min,
 * wire_options.min) hold INT64_MAX / 10^8 ≈ 9.22·10^10 units. Bounds: POST
 * /api/quickCharge/submit and /api/quickCharge/wire_submit `number`; saveNetwork and saveWire
 * `min`; what a withdrawal pays out ((amount − fee) × usd_price), checked by the server.
 */
export const CURRENCY_AMOUNT_MAX = '10000000000';

/**
 * Prices and rates: 1 000 000 (10^6 = 10^18 at 10^-12). Columns at 10^-12
 * (deposit_networks.price_usd, wire_options.price_usd, deposits.price_usd,
 * draw_currencies.usd_price and draw_rate) hold INT64_MAX / 10^12 ≈ 9.22·10^6. A fixed fee of
 * draw_rate USD is then at most 10^12 µUSD, inside its column. Bounds: saveNetwork and
 * saveWire `price_usd`; saveDrawCurrency `usd_price` and `draw_rate`.
 */
export const FUNDING_PRICE_MAX = '1000000';

/**
 * Whether plain decimal text ("12", "0.5", as decimalField leaves it) is at most `max`, an
 * integer limit, compared exactly (no float: 10000000000.00000001 is above 10000000000).
 */
export function isDecimalAtMost(text: string, max: string): boolean {
  const [whole = '0', fraction = ''] = text.split('.');
  const value = BigInt(whole);
  const limit = BigInt(max);
  return value < limit || (value === limit && /^0*$/.test(fraction));
}
