import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Executor } from '../db/executor.ts';
import { LeaseLostError, type Leases } from './leases.ts';
import {
  type EngineOwnership,
  type OwnershipChange,
  partitionLease,
  partitionOf,
} from './ownership.ts';
import type { Presence } from './presence.ts';

export const FEED_LEASE = 'feed';

interface Held {
  token: bigint;
  /** performance.now() until which the lease is surely still ours (renewal sent + TTL). */
  validUntil: number;
}

/** What a node does while it holds the feed lease: start its feed with this token, stop it. */
export interface FeedRole {
  gained(token: bigint, stillHeld: () => boolean): Promise<void> | void;
  lost(): Promise<void> | void;
}

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
  const held = new Map<number, Held>();
  let feed: Held | undefined;
  const listeners = new Set<(change: OwnershipChange) => Promise<void>>();
  /** Changes reach listeners one after the other, without holding up the renewals. */
  let delivering: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  const isValid = (lease: Held | undefined): lease is Held =>
    lease !== undefined && performance.now() < lease.validUntil;

  function announce(gained: number[], lost: number[]): void {
    if (gained.length === 0 && lost.length === 0) return;
    const change = { gained, lost };
    for (const listener of listeners)
      delivering = delivering.then(() => listener(change)).catch(deps.onError);
  }

  function report(): void {
    deps.onHoldings?.({ feed: isValid(feed), partitions: held.size });
  }

  async function keepFeed(): Promise<void> {
    if (feed) {
      const sent = performance.now();
      const kept = isValid(feed) && (await leases.renew(FEED_LEASE, feed.token, ttlMs));
      if (kept) feed.validUntil = sent + ttlMs;
      else {
        feed = undefined;
        await deps.feed.lost();
      }
      return;
    }
    const sent = performance.now();
    const token = await leases.acquire(FEED_LEASE, ttlMs);
    if (token === null) return;
    const lease = { token, validUntil: sent + ttlMs };
    feed = lease;
    await deps.feed.gained(token, () => feed === lease && isValid(lease));
  }

  async function keepPartitions(alive: string[] | undefined): Promise<void> {
    const gained: number[] = [];
    const lost: number[] = [];
    const share = alive ? fairShare(alive, deps.nodeId, deps.partitions) : undefined;
    try {
      await renewOrRelease(share, lost);
      await takeWanted(share, gained);
    } finally {
      // Even when the database failed half-way: what changed so far reaches memory.
      announce(gained, lost);
    }
  }

  /** Renews what this node holds and should; lets go of the rest. */
  async function renewOrRelease(share: Set<number> | undefined, lost: number[]): Promise<void> {
    for (const [partition, lease] of held) {
      const name = partitionLease(partition);
      if (share && !share.has(partition)) {
        held.delete(partition);
        lost.push(partition);
        await leases.release(name, lease.token);
        continue;
      }
      const sent = performance.now();
      if (isValid(lease) && (await leases.renew(name, lease.token, ttlMs)))
        lease.validUntil = sent + ttlMs;
      else {
        held.delete(partition);
        lost.push(partition);
      }
    }
  }

  /** Takes the partitions of its share that are free. */
  async function takeWanted(share: Set<number> | undefined, gained: number[]): Promise<void> {
    // Without Redis nobody knows who is alive, but an expired lease's holder is surely gone
    // (or cut off from the database): any node may take it, and the shares return with Redis.
    const wanted = share ?? Array.from({ length: deps.partitions }, (_, p) => p);
    for (const partition of wanted) {
      if (held.has(partition)) continue;
      const sent = performance.now();
      const token = await leases.acquire(partitionLease(partition), ttlMs);
      if (token === null) continue;
      held.set(partition, { token, validUntil: sent + ttlMs });
      gained.push(partition);
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
      await keepFeed();
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
    // Held, even if a renewal is late: memory keeps following the account; the fence decides.
    owns: (accountId) => held.has(partitionOf(accountId, deps.partitions)),
    fence(accountId) {
      const partition = partitionOf(accountId, deps.partitions);
      const lease = held.get(partition);
      const name = partitionLease(partition);
      if (!isValid(lease))
        return async () => {
          throw new LeaseLostError(name);
        };
      const { token } = lease;
      return (trx: Executor) => leases.check(trx, name, token);
    },
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
      const lost = [...held.keys()];
      // While the lease still holds, the feed's role saves its last candles.
      if (feed) await deps.feed.lost();
      try {
        for (const [partition, lease] of held)
          await leases.release(partitionLease(partition), lease.token);
        if (feed) await leases.release(FEED_LEASE, feed.token);
        await presence.leave();
      } catch (error) {
        deps.onError(error);
      }
      held.clear();
      feed = undefined;
      announce([], lost);
      await delivering;
      report();
    },
    /** What this node holds now: the feed and its partitions (for /health). */
    role(): { feed: boolean; partitions: number[] } {
      return {
        feed: isValid(feed),
        partitions: [...held.entries()]
          .filter(([, lease]) => isValid(lease))
          .map(([partition]) => partition)
          .sort((a, b) => a - b),
      };
    },
  };
}

export type LeaseKeeper = ReturnType<typeof createLeaseKeeper>;
