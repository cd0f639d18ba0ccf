import { performance } from 'node:perf_hooks';

/** A lease this node took: its fencing token, and until when it surely still holds. */
export interface HeldLease {
  token: bigint;
  /** performance.now() until which the lease is surely still ours (renewal sent + TTL). */
  validUntil: number;
}

/**
 * Whether a held lease is still surely ours: a lease not renewed in time counts as lost here as
 * well as in the database, so a node paused past its TTL acts on nothing when it wakes.
 */
export const isValid = (lease: HeldLease | undefined): lease is HeldLease =>
  lease !== undefined && performance.now() < lease.validUntil;
