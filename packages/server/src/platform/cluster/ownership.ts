import type { Executor } from '../db/executor.ts';
import type { ClusterTables } from './tables.ts';

/** What changed in this node's share of the engine: partitions gained and lost. */
export interface OwnershipChange {
  gained: readonly number[];
  lost: readonly number[];
}

/**
 * Which accounts' triggers and stop-outs this node fires (ARCHITECTURE.md "Trading path",
 * scale-out). Accounts hash onto partitions; a node owns some of them through leases. The
 * embedded default owns every account and fences nothing (`singleNode`).
 */
export interface EngineOwnership {
  /** Whether this node holds the account's partition (memory follows its accounts). */
  owns(accountId: number): boolean;
  /**
   * A check for a trigger's transaction: the partition's lease is still this node's, under a
   * share lock until commit (LeaseLostError otherwise). Undefined when nothing needs fencing.
   */
  fence(accountId: number): ((trx: Executor<ClusterTables>) => Promise<void>) | undefined;
  /** A fenced command was refused: this node fired for a partition it no longer held. */
  noteFenced(): void;
  /** Called on every change, in order; a gained partition is rebuilt before it fires. */
  onChange(listener: (change: OwnershipChange) => Promise<void>): () => void;
}

/** The partition of an account: ids are dealt out in turn, so partitions fill evenly. */
export function partitionOf(accountId: number, partitions: number): number {
  return accountId % partitions;
}

export const partitionLease = (partition: number): string => `partition:${partition}`;

/** One node holds everything: the embedded default. */
export const singleNode: EngineOwnership = {
  owns: () => true,
  fence: () => undefined,
  noteFenced: () => {},
  onChange: () => () => {},
};
