import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What the server counts for Prometheus, in one registry. Other parts add theirs to
 * `registry` (`new Counter({ …, registers: [metrics.registry] })`), named `tradedesk_*`.
 */
export interface Metrics {
  registry: Registry;
  /** 1 while the rate limiter's Redis answers; 0 while it does not, or before it first did. */
  redisUp: Gauge;
  /** Outages of the rate limiter's Redis: each start counts once, however long it lasts. */
  redisOutages: Counter;
  /** Rate limiter calls answered by this node's memory because Redis did not answer. */
  rateLimitFallbacks: Counter;
  /** HTTP answers by method, route pattern (never the raw path) and status. */
  httpRequests: Counter<'method' | 'route' | 'status'>;
  /** How long HTTP answers took, by method and route pattern. */
  httpRequestDuration: Histogram<'method' | 'route'>;
  /** Trading commands accepted: market, pending, close, cancel, stops. */
  orders: Counter<'kind'>;
  /** Trading commands refused, by the refusal's name in contract/codes.ts. */
  orderRefusals: Counter<'code'>;
  /** Sockets open on this node's gateway. */
  socketClients: Gauge;
  /** Frames the gateway sent, by topic family (never one label per instrument). */
  socketFrames: Counter<'topic'>;
}

/**
 * A registry of the server's metrics. `processMetrics` adds prom-client's default ones
 * (CPU, memory, event loop lag, GC, handles); tests of a single part leave them out, since
 * each registry that has them starts its own observers.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    redisUp: new Gauge({
      name: 'tradedesk_redis_up',
      help: "1 while the rate limiter's Redis answers, 0 while limits are counted per node (or no Redis is configured)",
      registers,
    }),
    redisOutages: new Counter({
      name: 'tradedesk_redis_outages_total',
      help: "Outages of the rate limiter's Redis seen by this node (each start counted once)",
      registers,
    }),
    rateLimitFallbacks: new Counter({
      name: 'tradedesk_rate_limit_fallback_total',
      help: "Rate limiter calls answered by this node's memory because Redis did not answer",
      registers,
    }),
    ...createTrafficMetrics(registers),
  };
}

/** What the server is asked and sends: HTTP calls, trading commands, socket frames. */
function createTrafficMetrics(registers: Registry[]) {
  return {
    httpRequests: new Counter({
      name: 'tradedesk_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern ("unmatched": no route) and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpRequestDuration: new Histogram({
      name: 'tradedesk_http_request_duration_seconds',
      help: 'Seconds from receiving an HTTP request to the end of its answer, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      registers,
    }),
    orders: new Counter({
      name: 'tradedesk_orders_total',
      help: 'Trading commands accepted, by kind: market, pending, close, cancel, stops',
      labelNames: ['kind'] as const,
      registers,
    }),
    orderRefusals: new Counter({
      name: 'tradedesk_order_refusals_total',
      help: 'Trading commands refused, by result name (INSUFFICIENT_MARGIN, MARKET_CLOSED …)',
      labelNames: ['code'] as const,
      registers,
    }),
    socketClients: new Gauge({
      name: 'tradedesk_socket_clients',
      help: "Sockets open on this node's gateway",
      registers,
    }),
    socketFrames: new Counter({
      name: 'tradedesk_socket_frames_total',
      help: 'Socket frames sent, by topic family: DAY_MARKET, KLINE, FOREX_TRADE, FOREX_CLOSED, other (chat, replies)',
      labelNames: ['topic'] as const,
      registers,
    }),
  };
}

/** This process's metrics, served at GET /metrics. */
export const metrics: Metrics = createMetrics();
