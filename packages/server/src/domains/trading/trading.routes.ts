import { ENDPOINTS } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import { isAppError } from '../../platform/http/app-error.ts';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import { idempotencyKey } from '../../platform/http/idempotency-key.ts';
import { type Metrics, metrics as processMetrics } from '../../platform/metrics/metrics.ts';
import type { UserRecord } from '../users/index.ts';
import { forexDetail } from './account-now.ts';
import { cancelOrder } from './cancel-order.ts';
import { closePart } from './close-part.ts';
import { closePosition } from './close-position.ts';
import { listOrders } from './list-orders.ts';
import { modifyPending } from './modify-pending.ts';
import { findMine } from './my-order.ts';
import { openMarket } from './open-market.ts';
import { submitKind } from './order-lifecycle.ts';
import { lotsOf, pricePoints, requestHash, stopsOf, toOrderRequest } from './order-request.ts';
import { toWireOrder } from './order-wire.ts';
import { placePendingOrder } from './place-pending.ts';
import { setStops } from './set-stops.ts';
import { setTrailing } from './set-trailing.ts';
import type { TradingDeps } from './trading-rules.ts';

/** What `tradedesk_orders_total` counts a trading command as. */
type OrderKind =
  | 'market'
  | 'pending'
  | 'close'
  | 'cancel'
  | 'stops'
  | 'modify'
  | 'close-part'
  | 'trailing';

/**
 * Runs a trading command and counts how it ended: accepted, by kind; refused, by the name of
 * its result (INSUFFICIENT_MARGIN …), the same whichever check refused it. An unexpected
 * error is neither: it shows as a 500 in the HTTP metrics. Requests the session or the
 * contract's schema turned away never reach the command, and are no refused orders. A retry
 * answered from its Idempotency-Key counts again: the route cannot tell it from a new order.
 */
function countOrders(metrics: Metrics) {
  return async <T>(kind: OrderKind, command: () => Promise<T>): Promise<T> => {
    try {
      const done = await command();
      metrics.orders.inc({ kind });
      return done;
    } catch (error) {
      if (isAppError(error)) metrics.orderRefusals.inc({ code: error.result });
      throw error;
    }
  };
}

/**
 * Orders: submit, list, close, cancel, set TP/SL (SPEC.md §7; paths ours where it has none),
 * each route calling its use case. Accepted and refused commands are counted in `metrics` (by
 * default this process's).
 */
export function registerTradingRoutes(
  app: FastifyInstance,
  deps: {
    trading: TradingDeps;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    metrics?: Metrics;
  },
): void {
  const { trading, authenticate } = deps;
  const { market } = trading.rules;
  const counted = countOrders(deps.metrics ?? processMetrics);

  registerEndpoint(
    app,
    ENDPOINTS.submitOrder,
    authenticate,
    ({ user, params, request, setMessage }) => {
      const kind = submitKind(params.status);
      return counted(kind, async () => {
        const key = idempotencyKey(request);
        const order = toOrderRequest(params, market);
        const idempotency = key ? { key, hash: requestHash(order, params.status) } : undefined;
        const placed =
          kind === 'market'
            ? await openMarket(trading, user, order, idempotency)
            : await placePendingOrder(trading, user, order, idempotency);
        setMessage(kind === 'market' ? 'trade.order_placed' : 'trade.pending_placed');
        return toWireOrder(placed, market);
      });
    },
  );

  registerEndpoint(app, ENDPOINTS.myDeal, authenticate, ({ user, params }) =>
    listOrders(trading, user, params.status, params.page, params.auto_closed === 1),
  );

  registerEndpoint(app, ENDPOINTS.forexDetail, authenticate, ({ user }) =>
    forexDetail(trading, user),
  );

  registerEndpoint(app, ENDPOINTS.closeOrder, authenticate, ({ user, params, setMessage }) =>
    counted('close', async () => {
      const closed = await closePosition(trading, user, params.id);
      setMessage('trade.position_closed');
      return toWireOrder(closed, market);
    }),
  );

  registerEndpoint(app, ENDPOINTS.cancelOrder, authenticate, ({ user, params, setMessage }) =>
    counted('cancel', async () => {
      const cancelled = await cancelOrder(trading, user, params.id);
      setMessage('trade.order_cancelled');
      return toWireOrder(cancelled, market);
    }),
  );

  registerEndpoint(app, ENDPOINTS.setStopPrice, authenticate, ({ user, params, setMessage }) =>
    counted('stops', async () => {
      const order = await findMine(trading.orders, user, params.id);
      const { takeProfit, stopLoss } = stopsOf(
        params,
        market.instrument(order.instrumentId).precision,
      );
      const updated = await setStops(trading, user, order.id, takeProfit, stopLoss);
      setMessage('trade.stops_saved');
      return toWireOrder(updated, market);
    }),
  );

  registerEndpoint(app, ENDPOINTS.modifyPending, authenticate, ({ user, params, setMessage }) =>
    counted('modify', async () => {
      const order = await findMine(trading.orders, user, params.id);
      const { precision } = market.instrument(order.instrumentId);
      const price = (text: string | undefined, field: string) =>
        text === undefined ? undefined : pricePoints(text, precision, field);
      const moved = await modifyPending(trading, user, order.id, {
        target: pricePoints(params.price, precision, 'price'),
        takeProfit: price(params.take_profit, 'take_profit'),
        stopLoss: price(params.stop_loss, 'stop_loss'),
        expiry: params.expire_at,
      });
      setMessage('trade.pending_modified');
      return toWireOrder(moved, market);
    }),
  );

  registerEndpoint(app, ENDPOINTS.closePart, authenticate, ({ user, params, setMessage }) =>
    counted('close-part', async () => {
      const { part } = await closePart(trading, user, params.id, lotsOf(params.lots));
      setMessage('trade.part_closed');
      return toWireOrder(part, market);
    }),
  );

  registerEndpoint(app, ENDPOINTS.setTrailing, authenticate, ({ user, params, setMessage }) =>
    counted('trailing', async () => {
      const order = await findMine(trading.orders, user, params.id);
      const { precision } = market.instrument(order.instrumentId);
      const distance = pricePoints(params.distance, precision, 'distance');
      const updated = await setTrailing(trading, user, order.id, {
        distance,
        activation: pricePoints(params.activation_price, precision, 'activation_price'),
      });
      setMessage(distance === 0n ? 'trade.trailing_removed' : 'trade.trailing_saved');
      return toWireOrder(updated, market);
    }),
  );
}
