import type { Bus } from '../../../platform/bus/bus.ts';
import type { FeedRole } from '../../../platform/cluster/lease-keeper.ts';
import type { MarketService } from '../market.service.ts';
import type { Feed, Tick } from './feed.ts';

/** The feed owner's ticks, with the fencing token of its lease. */
export interface PublishedTicks {
  /** The feed lease's token (decimal): a higher one means a newer owner. */
  token: string;
  ticks: Tick[];
}

declare module '../../../platform/bus/bus.ts' {
  interface BusTopics {
    'market.ticks': PublishedTicks;
  }
}

/**
 * The price feed of a scale-out deployment (issue 28): exactly one node runs a feed, while it
 * holds the feed lease, and publishes its ticks on the bus; every node, the owner included,
 * moves its quote board and candles from the bus only, so all nodes show the same prices.
 * A new owner starts its feed where the board stands (the last published prices: no jump).
 * Ticks under an older token than one already seen come from an owner that lost its lease
 * and are ignored; the owner itself stops publishing the moment its lease is not sure.
 */
export function createSharedFeed(deps: {
  market: Pick<MarketService, 'applyTicks' | 'ownCandles'>;
  bus: Bus;
  /** A feed that continues from the board as it stands now. */
  makeFeed: () => Feed;
}) {
  const { market, bus } = deps;
  let newest = -1n;
  let running: { feed: Feed; stop: () => void; stillHeld: () => boolean } | undefined;
  let unsubscribe: (() => void) | undefined;

  const role: FeedRole = {
    async gained(token, stillHeld) {
      await role.lost();
      const feed = deps.makeFeed();
      const stop = feed.onTicks((ticks) => {
        if (!stillHeld()) return;
        void bus.publish('market.ticks', { token: token.toString(), ticks: [...ticks] });
      });
      running = { feed, stop, stillHeld };
      await market.ownCandles(true);
      feed.start();
    },
    async lost() {
      if (!running) return;
      const { feed, stop, stillHeld } = running;
      running = undefined;
      feed.stop();
      stop();
      // A graceful stop still holds the lease: its last candles are saved. A lost lease writes nothing.
      await market.ownCandles(false, stillHeld());
    },
  };

  return {
    role,
    /** Takes the bus's ticks; until this node holds the feed, it writes no candles. */
    async start(): Promise<void> {
      unsubscribe = bus.subscribe('market.ticks', ({ token, ticks }) => {
        const from = BigInt(token);
        if (from < newest) return;
        newest = from;
        market.applyTicks(ticks);
      });
      if (!running) await market.ownCandles(false);
    },
    async stop(): Promise<void> {
      await role.lost();
      unsubscribe?.();
    },
  };
}
