/**
 * The trading domain's public surface: what other domains may use. Anything else in this
 * folder is its own business (the dependency rule in .dependency-cruiser.cjs enforces it).
 */

export { closePositionCommand } from './close-position.ts';
export type { CopyOpen, CopySteps } from './copy-steps.ts';
export { openMarketCommand } from './open-market.ts';
export type { OrderChange } from './order-events.ts';
export { expiryOf } from './order-expiry.ts';
export { isHolding, isPending, orderStatus } from './order-lifecycle.ts';
export { type ClosedOrder, createOrderReads, type OrderReads } from './order-reads.ts';
export { toWireOrder } from './order-wire.ts';
export type { OrderRecord, OrdersRepository } from './orders.repository.ts';
export { createOrdersRepository } from './orders.repository.ts';
export type { TradingService } from './trading.service.ts';
export { tradingPolicy } from './trading-policy.ts';
export type { OrderCaps, TradingRules } from './trading-rules.ts';
export { DEFAULT_MARGIN_CALL_LEVEL } from './trading-rules.ts';
