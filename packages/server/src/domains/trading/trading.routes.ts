import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import { idempotencyKey } from '../../platform/http/idempotency-key.ts';
import type { UserRecord } from '../users/index.ts';
import { submitKind } from './order-lifecycle.ts';
import { requestHash, stopsOf, toOrderRequest } from './order-request.ts';
import { type OrderQuotes, toWireOrder } from './order-wire.ts';
import type { TradingService } from './trading.service.ts';

/** Orders: submit, list, close, cancel, set TP/SL (SPEC.md §7; paths ours where it has none). */
export function registerTradingRoutes(
  app: FastifyInstance,
  deps: {
    trading: TradingService;
    market: OrderQuotes;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
  },
): void {
  const { trading, market, authenticate } = deps;

  registerEndpoint(
    app,
    ENDPOINTS.submitOrder,
    authenticate,
    async ({ user, params, request, setMessage }) => {
      const key = idempotencyKey(request);
      const order = toOrderRequest(params, market);
      const idempotency = key ? { key, hash: requestHash(order, params.status) } : undefined;
      const atMarket = submitKind(params.status) === 'market';
      const placed = atMarket
        ? await trading.openMarket(user, order, idempotency)
        : await trading.placePending(user, order, idempotency);
      setMessage(atMarket ? 'trade.order_placed' : 'trade.pending_placed');
      return toWireOrder(placed, market);
    },
  );

  registerEndpoint(app, ENDPOINTS.myDeal, authenticate, ({ user, params }) =>
    trading.list(user, params.status, params.page, params.auto_closed === 1),
  );

  registerEndpoint(app, ENDPOINTS.forexDetail, authenticate, ({ user }) => trading.detail(user));

  registerEndpoint(
    app,
    ENDPOINTS.closeOrder,
    authenticate,
    async ({ user, params, setMessage }) => {
      const closed = await trading.close(user, params.id);
      setMessage('trade.position_closed');
      return toWireOrder(closed, market);
    },
  );

  registerEndpoint(
    app,
    ENDPOINTS.cancelOrder,
    authenticate,
    async ({ user, params, setMessage }) => {
      const cancelled = await trading.cancel(user, params.id);
      setMessage('trade.order_cancelled');
      return toWireOrder(cancelled, market);
    },
  );

  registerEndpoint(
    app,
    ENDPOINTS.setStopPrice,
    authenticate,
    async ({ user, params, setMessage }) => {
      const order = await trading.mine(user, params.id);
      const { takeProfit, stopLoss } = stopsOf(
        params,
        market.instrument(order.instrumentId).precision,
      );
      const updated = await trading.setStops(user, order.id, takeProfit, stopLoss);
      setMessage('trade.stops_saved');
      return toWireOrder(updated, market);
    },
  );
}
