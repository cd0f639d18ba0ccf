/**
 * The trading domain's public surface: what other domains may use. Anything else in this
 * folder is its own business (the dependency rule in .dependency-cruiser.cjs enforces it).
 */

export type { CopyOpen, CopySteps } from './copy-steps.ts';
export type { OrderChange } from './order-events.ts';
export { isHolding, orderStatus } from './order-lifecycle.ts';
export { toWireOrder } from './order-wire.ts';
export type { OrderRecord, OrdersRepository } from './orders.repository.ts';
export { createOrdersRepository } from './orders.repository.ts';
export type { TradingService } from './trading.service.ts';
export { createTradingCommands } from './trading-commands.ts';
export type { OrderCaps } from './trading-steps.ts';
