import { performance } from 'node:perf_hooks';
import { type HeldLease, isValid } from './held-lease.ts';
import type { Leases } from './leases.ts';

export const FEED_LEASE = 'feed';

/** What a node does while it holds the feed lease: start its feed with this token, stop it. */
export interface FeedRole {
  gained(token: bigint, stillHeld: () => boolean): Promise<void> | void;
  lost(): Promise<void> | void;
}

/**
 * The feed lease of this node: one node at a time runs the price feed. Each round renews it
 * while held (the role stops once it is lost) or takes it when nobody holds it.
 */
export function createFeedLease(deps: { leases: Leases; ttlMs: number; role: FeedRole }) {
  const { leases, ttlMs, role } = deps;
  let feed: HeldLease | undefined;

  async function renew(lease: HeldLease): Promise<void> {
    const sent = performance.now();
    if (isValid(lease) && (await leases.renew(FEED_LEASE, lease.token, ttlMs))) {
      lease.validUntil = sent + ttlMs;
      return;
    }
    feed = undefined;
    await role.lost();
  }

  async function take(): Promise<void> {
    const sent = performance.now();
    const token = await leases.acquire(FEED_LEASE, ttlMs);
    if (token === null) return;
    const lease = { token, validUntil: sent + ttlMs };
    feed = lease;
    await role.gained(token, () => feed === lease && isValid(lease));
  }

  return {
    /** One round: renews the lease held, or takes it when free. */
    keep: (): Promise<void> => (feed ? renew(feed) : take()),
    isHeld: (): boolean => isValid(feed),
    /** A graceful stop, while the lease still holds: the role saves its last candles. */
    async stopRole(): Promise<void> {
      if (feed) await role.lost();
    },
    /** Hands the lease back at once: the next holder need not wait for it to expire. */
    async release(): Promise<void> {
      if (feed) await leases.release(FEED_LEASE, feed.token);
    },
    forget(): void {
      feed = undefined;
    },
  };
}
