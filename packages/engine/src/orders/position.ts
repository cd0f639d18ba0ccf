import type { MarketRates } from '../instruments/conversion.ts';
import type { InstrumentSpec, Lots, PricePoints } from '../instruments/spec.ts';
import { asMicros, type Micros, ZERO_MICROS } from '../money/micros.ts';
import type { Side } from '../pnl/pnl.ts';

/** Order statuses (SPEC.md §4): pending 0, holding 1, history 3. */
export type OrderStatus = 0 | 1 | 3;

/** Why an order left the holding list or the pending list (DECISIONS.md). */
export type CloseReason =
  | 'manual'
  | 'take-profit'
  | 'stop-loss'
  | 'stop-out'
  | 'cancelled'
  | 'demo-reset'
  /** Copy trading: the leader closed the position this copy mirrors. */
  | 'copy-leader'
  /** Copy trading: the copy stopped (by its follower or its copy stop-loss). */
  | 'copy-stop'
  /** Part of a position closed by its trader (issue 40); the rest goes on. */
  | 'partial'
  /** A stop loss that a trailing stop had moved. */
  | 'trailing-stop'
  /** A pending order past its expiry. */
  | 'expired';

/** A balance change the engine asks the host to record, one ledger row each. */
export type LedgerKind =
  | 'margin'
  | 'fee'
  | 'margin-release'
  | 'pnl'
  | 'reserve'
  | 'reserve-release'
  | 'protection'
  | 'demo-credit'
  | 'demo-reset'
  | 'deposit'
  | 'withdraw-hold'
  | 'withdraw-payout'
  | 'withdraw-return'
  /** Copy trading (issue 29): the follower's balance into a copy account, and back. */
  | 'copy-out'
  | 'copy-in'
  /** The copy account's side of the same transfers. */
  | 'copy-fund'
  | 'copy-return';

export interface LedgerEntry {
  kind: LedgerKind;
  /** Signed: negative leaves the balance. */
  amount: Micros;
}

/**
 * How an entry moves the margin the account holds in open positions: a 'margin' row takes
 * money out of the balance into a position, a 'margin-release' row brings it back. The
 * account's cash is balance + margin held + reserves; only its place changes.
 */
export function marginHeldDelta(entry: LedgerEntry): Micros {
  return entry.kind === 'margin' || entry.kind === 'margin-release'
    ? asMicros(-entry.amount)
    : ZERO_MICROS;
}

/** What the engine needs of a quote: the bid and ask of the tick, in points. */
export interface Quote {
  bid: PricePoints;
  ask: PricePoints;
}

/** Everything about an instrument a command needs. */
export interface Market {
  spec: InstrumentSpec;
  quote: Quote;
  /** Margin and profit currencies → USD, at the current rates. */
  rates: MarketRates;
  /** trade_fee_type of the platform. */
  feeType: 1 | 2;
}

export interface OpenPositionFields {
  side: Side;
  lots: Lots;
  leverage: number;
  openPrice: PricePoints;
  margin: Micros;
  fee: Micros;
  takeProfit: PricePoints;
  stopLoss: PricePoints;
}

/** A buy opens at the ask and closes at the bid; a sell the reverse (DECISIONS.md). */
export function openingPrice(side: Side, quote: Quote): PricePoints {
  return side === 'buy' ? quote.ask : quote.bid;
}

export function closingPrice(side: Side, quote: Quote): PricePoints {
  return side === 'buy' ? quote.bid : quote.ask;
}
