import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';

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
  };
}

/** This process's metrics, served at GET /metrics. */
export const metrics: Metrics = createMetrics();
