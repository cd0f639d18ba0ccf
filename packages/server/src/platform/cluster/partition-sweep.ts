import type { AccountCommand, CommandCore } from '../core/command-core.ts';
import { isAppError } from '../http/app-error.ts';
import { LeaseLostError } from './leases.ts';
import type { EngineOwnership } from './ownership.ts';

/**
 * Runs a command on an account this node follows, fenced by its partition's lease: a node
 * that lost the lease meanwhile learns it (and lets the account go) instead of deciding.
 * Answers the command's outcome, or undefined when it did not run to the end; a refusal in
 * the envelope is the command's answer, anything else goes to `onError`.
 */
export async function runFenced<T>(
  deps: { core: CommandCore; ownership: EngineOwnership; onError: (error: unknown) => void },
  accountId: number,
  command: AccountCommand<T>,
): Promise<T | undefined> {
  try {
    return await deps.core.execute(accountId, command, {
      fence: deps.ownership.fence(accountId),
    });
  } catch (error) {
    if (error instanceof LeaseLostError) deps.ownership.noteFenced();
    else if (!isAppError(error)) deps.onError(error);
    return undefined;
  }
}

/** Runs `pass` every `everyMs` until stopped; a pass never overlaps the one before. */
export function repeatEvery(
  pass: () => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
): () => void {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(pass).catch(onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A sweep of what has come due on the accounts this node follows (pending orders and price
 * alerts past their expiry): each item of a batch becomes a command on its account, fenced
 * by the partition's lease, so that of two nodes only the owner decides, once.
 */
export function createPartitionSweep<Due extends { id: number; userId: number }>(deps: {
  core: CommandCore;
  ownership: EngineOwnership;
  due: (now: number) => Promise<readonly Due[]>;
  commandOf: (item: Due) => AccountCommand<'done' | 'stale'>;
  now: () => number;
  onError: (error: unknown) => void;
}) {
  async function sweep(): Promise<number> {
    let done = 0;
    for (const item of await deps.due(deps.now())) {
      if (!deps.ownership.owns(item.userId)) continue;
      if ((await runFenced(deps, item.userId, deps.commandOf(item))) === 'done') done += 1;
    }
    return done;
  }
  return {
    /** Answers how many items the sweep decided. */
    sweep,
    /** Sweeps every `everyMs` until stopped. */
    start: (everyMs = 1_000): (() => void) => repeatEvery(sweep, everyMs, deps.onError),
  };
}
