import { performance } from 'node:perf_hooks';
import type { Executor } from '../db/executor.ts';
import { type HeldLease, isValid } from './held-lease.ts';
import { LeaseLostError, type Leases } from './leases.ts';
import { partitionLease, partitionOf } from './ownership.ts';
import type { ClusterTables } from './tables.ts';

/** What one round changed in this node's partitions. */
export interface PartitionChange {
  gained: number[];
  lost: number[];
}

/**
 * The engine partitions this node holds by lease: renewed each round while they are its share,
 * let go when another live node should hold them, taken once free when they are.
 */
export function createPartitionLeases(deps: { leases: Leases; partitions: number; ttlMs: number }) {
  const { leases, ttlMs } = deps;
  const held = new Map<number, HeldLease>();

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

  return {
    /**
     * One round towards `share` (undefined: who is alive is unknown). What changed is written
     * into `change` as it happens, so a round the database failed half-way still reports it.
     */
    async keep(share: Set<number> | undefined, change: PartitionChange): Promise<void> {
      await renewOrRelease(share, change.lost);
      await takeWanted(share, change.gained);
    },
    // Held, even if a renewal is late: memory keeps following the account; the fence decides.
    owns: (accountId: number): boolean => held.has(partitionOf(accountId, deps.partitions)),
    /** The check a trigger's transaction makes that the account's partition is still ours. */
    fence(accountId: number): (trx: Executor<ClusterTables>) => Promise<void> {
      const partition = partitionOf(accountId, deps.partitions);
      const lease = held.get(partition);
      const name = partitionLease(partition);
      if (!isValid(lease))
        return async () => {
          throw new LeaseLostError(name);
        };
      const { token } = lease;
      return (trx) => leases.check(trx, name, token);
    },
    count: (): number => held.size,
    /** The partitions surely held now, in order. */
    valid: (): number[] =>
      [...held.entries()]
        .filter(([, lease]) => isValid(lease))
        .map(([partition]) => partition)
        .sort((a, b) => a - b),
    /** Hands every partition back at once (a graceful stop): the next holders need not wait. */
    async releaseAll(): Promise<void> {
      for (const [partition, lease] of held)
        await leases.release(partitionLease(partition), lease.token);
    },
    /** Forgets every partition; answers those it held. */
    forget(): number[] {
      const lost = [...held.keys()];
      held.clear();
      return lost;
    },
  };
}
