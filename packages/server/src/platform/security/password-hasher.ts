import os from 'node:os';
import pLimit from 'p-limit';
import { AppError } from '../http/app-error.ts';
import { createDecoyHash, hashPassword, verifyPassword } from './passwords.ts';

export interface PasswordHasherOptions {
  /** scrypt cost exponent (PASSWORD_HASH_COST). */
  cost: number;
  /** Hashes computed at once; by default one per core. */
  concurrency?: number;
  /** Hashes allowed to wait for a turn; one more is refused with SERVER_BUSY. */
  maxWaiting?: number;
}

/**
 * Every password hash of the server goes through here. scrypt is slow and memory-hard on
 * purpose, which makes it a lever for a denial of service: without a bound, a few hundred
 * parallel requests fill libuv's thread pool and every login waits seconds. So hashes run a
 * few at a time and only a bounded number may wait; beyond that a request is refused at once
 * (it has changed nothing yet) instead of queuing without end.
 */
export function createPasswordHasher(options: PasswordHasherOptions) {
  const limit = pLimit(options.concurrency ?? Math.max(1, os.availableParallelism()));
  const maxWaiting = options.maxWaiting ?? 64;
  let decoy: Promise<string> | undefined;
  let started = 0;

  function run<T>(work: () => Promise<T>): Promise<T> {
    if (limit.pendingCount >= maxWaiting) return Promise.reject(new AppError('SERVER_BUSY'));
    return limit(() => {
      started += 1;
      return work();
    });
  }

  return {
    hash: (password: string) => run(() => hashPassword(password, options.cost)),
    /**
     * Whether `password` is the one `stored` was made from. An account without a password
     * (undefined) is checked against a decoy hash, so that unknown accounts cost the same
     * time as wrong passwords and timing tells nothing.
     */
    async verify(password: string, stored: string | null | undefined): Promise<boolean> {
      decoy ??= createDecoyHash(options.cost);
      const against = stored ?? (await decoy);
      const ok = await run(() => verifyPassword(password, against));
      return ok && !!stored;
    },
    /** Hashes started since start, running and waiting (for tests and metrics). */
    load: () => ({ started, active: limit.activeCount, waiting: limit.pendingCount }),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
