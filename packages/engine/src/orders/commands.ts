import { feeMicros } from '../fees/fee.ts';
import type { Lots, PricePoints } from '../instruments/spec.ts';
import { marginMicros } from '../margin/margin.ts';
import { addMicros, type Micros, negateMicros } from '../money/micros.ts';
import { pnlMicros, type Side } from '../pnl/pnl.ts';
import {
  closingPrice,
  type LedgerEntry,
  type Market,
  type OpenPositionFields,
  openingPrice,
} from './position.ts';
import { checkLeverage, checkLots, checkStops, type OrderRefusal } from './validate-order.ts';

export type CommandRefusal = OrderRefusal | 'INSUFFICIENT_MARGIN';

export type Result<T> = ({ ok: true } & T) | { ok: false; reason: CommandRefusal };

export interface OpenRequest {
  side: Side;
  lots: Lots;
  leverage: number;
  takeProfit: PricePoints;
  stopLoss: PricePoints;
}

/**
 * What opening `request` at `price` costs, after the checks every order shares (lots,
 * leverage, stops judged against `stopsAgainst`): margin and fee, refused when the account
 * cannot pay for them — neither its free margin nor its balance may go below zero. Market
 * orders price at the quote, pending orders at their target: one calculation for both.
 */
export function priceOrder(
  account: { balance: Micros; freeMargin: Micros },
  market: Market,
  request: OpenRequest,
  price: PricePoints,
  stopsAgainst: { bid: PricePoints; ask: PricePoints },
): Result<{ margin: Micros; fee: Micros; cost: Micros }> {
  const { spec } = market;
  for (const check of [
    checkLots(spec, request.lots),
    checkLeverage(spec, request.leverage),
    checkStops(
      request.side,
      stopsAgainst.bid,
      stopsAgainst.ask,
      request.takeProfit,
      request.stopLoss,
    ),
  ]) {
    if (!check.ok) return check;
  }
  const margin = marginMicros(
    spec,
    request.side,
    request.lots,
    price,
    request.leverage,
    market.rates.margin,
  );
  const fee = feeMicros(spec, request.lots, margin, market.feeType);
  const cost = addMicros(margin, fee);
  if (cost > account.balance || cost > account.freeMargin)
    return { ok: false, reason: 'INSUFFICIENT_MARGIN' };
  return { ok: true, margin, fee, cost };
}

/**
 * Opens a position at market: checks lots, leverage and stops, prices margin and fee at the
 * opening side of the quote, and refuses what the account cannot pay for — neither its
 * free margin nor its balance may go below zero.
 */
export function openAtMarket(
  account: { balance: Micros; freeMargin: Micros },
  market: Market,
  request: OpenRequest,
): Result<{ position: OpenPositionFields; ledger: LedgerEntry[] }> {
  const { quote } = market;
  const openPrice = openingPrice(request.side, quote);
  const priced = priceOrder(account, market, request, openPrice, quote);
  if (!priced.ok) return priced;
  const { margin, fee } = priced;
  return {
    ok: true,
    position: {
      side: request.side,
      lots: request.lots,
      leverage: request.leverage,
      openPrice,
      margin,
      fee,
      takeProfit: request.takeProfit,
      stopLoss: request.stopLoss,
    },
    ledger: [
      { kind: 'margin', amount: negateMicros(margin) },
      { kind: 'fee', amount: negateMicros(fee) },
    ],
  };
}

/**
 * Closes a position at `price` (the closing side of the tick, or the trigger's tick):
 * returns its margin and its realized P&L (DECISIONS.md).
 */
export function closeAt(
  position: Pick<OpenPositionFields, 'side' | 'lots' | 'openPrice' | 'margin'>,
  market: Pick<Market, 'spec' | 'rates'>,
  price: PricePoints,
): { closePrice: PricePoints; pnl: Micros; ledger: LedgerEntry[] } {
  const pnl = pnlMicros(
    market.spec,
    position.side,
    position.openPrice,
    price,
    position.lots,
    market.rates.profit,
  );
  return {
    closePrice: price,
    pnl,
    ledger: [
      { kind: 'margin-release', amount: position.margin },
      { kind: 'pnl', amount: pnl },
    ],
  };
}

/** Floating P&L of an open position at the current quote (display and stop-out). */
export function floatingPnl(
  position: Pick<OpenPositionFields, 'side' | 'lots' | 'openPrice'>,
  market: Pick<Market, 'spec' | 'rates' | 'quote'>,
): Micros {
  return pnlMicros(
    market.spec,
    position.side,
    position.openPrice,
    closingPrice(position.side, market.quote),
    position.lots,
    market.rates.profit,
  );
}
