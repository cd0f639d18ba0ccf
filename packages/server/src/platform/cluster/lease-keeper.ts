import { createHash } from 'node:crypto';
import { createFeedLease, type FeedRole } from './feed-lease.ts';
import type { Leases } from './leases.ts';
import type { EngineOwnership, OwnershipChange } from './ownership.ts';
import { createPartitionLeases, type PartitionChange } from './partition-leases.ts';
import type { Presence } from './presence.ts';

export { FEED_LEASE, type FeedRole } from './feed-lease.ts';

/**
 * The partitions a set of live nodes should hold: rendezvous hashing with a cap. Partition by
 * partition, the node whose hash with it is highest takes it unless it already has its fair
 * share (⌈partitions ÷ nodes⌉), then the next highest. Every node computes the same answer
 * from the same list; a node joining or leaving moves few partitions; none is left idle.
 */
export function fairShare(
  alive: readonly string[],
  nodeId: string,
  partitions: number,
): Set<number> {
  const cap = Math.ceil(partitions / Math.max(1, alive.length));
  const counts = new Map<string, number>();
  const mine = new Set<number>();
  for (let p = 0; p < partitions; p++) {
    const ranked = alive
      .map((node) => ({ node, score: createHash('sha1').update(`${node}:${p}`).digest('hex') }))
      .sort((a, b) => (a.score < b.score ? 1 : a.score > b.score ? -1 : 0));
    const winner = ranked.find(({ node }) => (counts.get(node) ?? 0) < cap)?.node;
    if (winner === undefined) continue;
    counts.set(winner, (counts.get(winner) ?? 0) + 1);
    if (winner === nodeId) mine.add(p);
  }
  return mine;
}

/**
 * Keeps this node's leases (issue 28): every round (a quarter of the TTL) it says it is alive,
 * renews what it holds, gives up partitions another live node should hold, takes those it
 * should hold once they are free, and takes the feed when nobody holds it. A lease not renewed
 * in time counts as lost here as well as in the database, so a node paused past its TTL fires
 * nothing when it wakes: memory may still believe, the fence in the transaction refuses.
 */
export function createLeaseKeeper(deps: {
  leases: Leases;
  presence: Presence;
  nodeId: string;
  partitions: number;
  ttlMs: number;
  feed: FeedRole;
  onError: (error: unknown) => void;
  /** Reports what the node holds (metrics). */
  onHoldings?: (holdings: { feed: boolean; partitions: number }) => void;
  /** Counts commands the fence refused (metrics). */
  onFenced?: () => void;
}) {
  const { leases, presence, ttlMs } = deps;
  const roundMs = Math.max(100, Math.floor(ttlMs / 4));
  const feed = createFeedLease({ leases, ttlMs, role: deps.feed });
  const partitions = createPartitionLeases({ leases, partitions: deps.partitions, ttlMs });
  const listeners = new Set<(change: OwnershipChange) => Promise<void>>();
  /** Changes reach listeners one after the other, without holding up the renewals. */
  let delivering: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  function announce({ gained, lost }: PartitionChange): void {
    if (gained.length === 0 && lost.length === 0) return;
    const change = { gained, lost };
    for (const listener of listeners)
      delivering = delivering.then(() => listener(change)).catch(deps.onError);
  }

  function report(): void {
    deps.onHoldings?.({ feed: feed.isHeld(), partitions: partitions.count() });
  }

  async function keepPartitions(alive: string[] | undefined): Promise<void> {
    const change: PartitionChange = { gained: [], lost: [] };
    const share = alive ? fairShare(alive, deps.nodeId, deps.partitions) : undefined;
    try {
      await partitions.keep(share, change);
    } finally {
      // Even when the database failed half-way: what changed so far reaches memory.
      announce(change);
    }
  }

  /** An outage of Redis or of the database is reported once, not every round it lasts. */
  const failing = { presence: false, leases: false };
  function failed(what: keyof typeof failing, error: unknown): void {
    if (!failing[what]) deps.onError(error);
    failing[what] = true;
  }

  async function round(): Promise<void> {
    let alive: string[] | undefined;
    try {
      alive = await presence.beat();
      failing.presence = false;
    } catch (error) {
      // Without Redis the node cannot know who is alive: it keeps what it holds and takes only
      // leases nobody renewed.
      failed('presence', error);
    }
    try {
      await feed.keep();
      await keepPartitions(alive);
      failing.leases = false;
    } catch (error) {
      failed('leases', error);
    }
    report();
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(schedule);
    }, roundMs);
    timer.unref();
  }

  const ownership: EngineOwnership = {
    owns: partitions.owns,
    fence: partitions.fence,
    noteFenced: () => deps.onFenced?.(),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  return {
    ownership,
    /** The first round at once (so that a lone node serves prices quickly), then every round. */
    async start(): Promise<void> {
      stopped = false;
      running = round();
      await running;
      schedule();
    },
    /** Stops the rounds and hands everything back at once (a graceful stop). */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
      // While the lease still holds, the feed's role saves its last candles.
      await feed.stopRole();
      try {
        await partitions.releaseAll();
        await feed.release();
        await presence.leave();
      } catch (error) {
        deps.onError(error);
      }
      feed.forget();
      announce({ gained: [], lost: partitions.forget() });
      await delivering;
      report();
    },
    /** What this node holds now: the feed and its partitions (for /health). */
    role(): { feed: boolean; partitions: number[] } {
      return { feed: feed.isHeld(), partitions: partitions.valid() };
    },
  };
}

export type LeaseKeeper = ReturnType<typeof createLeaseKeeper>;
