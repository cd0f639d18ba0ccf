import {
  type AccountFigures,
  accountFigures,
  type Micros,
  type PendingValue,
  type PositionValue,
  sumMicros,
} from '@tradedesk/engine';
import type { QuoteReader } from '../market/index.ts';
import { isHolding, isPending } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { liveFigures } from './order-wire.ts';

/** What valuing positions reads of the market: the spec, the quote and the rates. */
export type PricingMarket = Pick<QuoteReader, 'spec' | 'quotePoints' | 'rates'>;

/** Pending orders as stop-out and equity see them: what cancelling each returns to the balance. */
export function pendingOf(orders: Iterable<OrderRecord>): PendingValue[] {
  const pending: PendingValue[] = [];
  for (const o of orders) if (isPending(o)) pending.push({ id: String(o.id), reserve: o.reserve });
  return pending;
}

/** Positions at the current quotes: one valuation for the figures, stop-out and the wire. */
export function valuePositions(
  market: PricingMarket,
  positions: Iterable<OrderRecord>,
): PositionValue[] {
  const values: PositionValue[] = [];
  for (const p of positions)
    if (isHolding(p))
      values.push({
        id: String(p.id),
        margin: p.margin,
        floatingPnl: liveFigures(p, market).pnl,
      });
  return values;
}

/**
 * The account's figures over its live orders: positions valued at the current quotes, pending
 * reserves in equity (DECISIONS.md).
 */
export function figuresOver(
  market: PricingMarket,
  balance: Micros,
  live: readonly OrderRecord[],
): AccountFigures {
  const reserved = sumMicros(pendingOf(live).map((p) => p.reserve));
  return accountFigures({ balance, reserved }, valuePositions(market, live));
}

/** The instrument as the engine prices it now: its spec, its quote and its rates. */
export const marketOf = (market: PricingMarket, instrumentId: number) => ({
  spec: market.spec(instrumentId),
  quote: market.quotePoints(instrumentId),
  rates: market.rates(instrumentId),
});
