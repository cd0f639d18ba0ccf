import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * A metric of the registry by name, made on first use: several nodes in one process (tests)
 * share the registry and tell themselves apart by the `node` label.
 */
function single<M>(registry: Registry, name: string, make: () => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? make();
}

/** What a scale-out node reports about its roles and its bus. */
export function createClusterMetrics(registry: Registry, nodeId: string) {
  const registers = [registry];
  const feed = single(
    registry,
    'tradedesk_feed_owner',
    () =>
      new Gauge({
        name: 'tradedesk_feed_owner',
        help: '1 while this node holds the price feed lease',
        labelNames: ['node'],
        registers,
      }),
  );
  const partitions = single(
    registry,
    'tradedesk_partitions_owned',
    () =>
      new Gauge({
        name: 'tradedesk_partitions_owned',
        help: 'Engine partitions whose lease this node holds',
        labelNames: ['node'],
        registers,
      }),
  );
  const lag = single(
    registry,
    'tradedesk_bus_lag_seconds',
    () =>
      new Histogram({
        name: 'tradedesk_bus_lag_seconds',
        help: 'Time from publication on another node to delivery on this one',
        labelNames: ['node'],
        buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
        registers,
      }),
  );
  const fenced = single(
    registry,
    'tradedesk_fenced_commands_total',
    () =>
      new Counter({
        name: 'tradedesk_fenced_commands_total',
        help: 'Trigger and stop-out commands refused because this node no longer held the partition lease',
        labelNames: ['node'],
        registers,
      }),
  );
  return {
    fenced(): void {
      fenced.inc({ node: nodeId });
    },
    holdings(held: { feed: boolean; partitions: number }): void {
      feed.set({ node: nodeId }, held.feed ? 1 : 0);
      partitions.set({ node: nodeId }, held.partitions);
    },
    busLag(ms: number): void {
      lag.observe({ node: nodeId }, Math.max(0, ms) / 1000);
    },
  };
}
