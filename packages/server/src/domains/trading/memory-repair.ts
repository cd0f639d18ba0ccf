import type { TradingMemory } from './trading-memory.ts';

/**
 * Reloads an account's memory after a failed command. The database may be what failed (a cut
 * connection, a full disk): a fired trigger is out of its book until the reload re-arms it,
 * so a reload that fails is tried again, 0.5 s, 1 s, … up to 30 s apart, until one works —
 * a take profit is never left unwatched by an outage (issue 23).
 */
export function createMemoryRepair(deps: {
  memory: Pick<TradingMemory, 'rebuild'>;
  onError: (error: unknown) => void;
}) {
  /** Accounts whose memory could not be reloaded yet, with their next attempt. */
  const pending = new Map<number, NodeJS.Timeout>();
  let stopped = false;

  async function repair(accountId: number, pause = 500): Promise<void> {
    clearTimeout(pending.get(accountId));
    pending.delete(accountId);
    try {
      await deps.memory.rebuild(accountId);
    } catch (error) {
      deps.onError(error);
      if (stopped) return;
      const timer = setTimeout(() => void repair(accountId, Math.min(pause * 2, 30_000)), pause);
      timer.unref();
      pending.set(accountId, timer);
    }
  }

  return {
    repair: (accountId: number) => repair(accountId),
    /** Retries may be scheduled again (the reactions started). */
    resume(): void {
      stopped = false;
    },
    /** No more retries: the ones waiting are dropped. */
    stop(): void {
      stopped = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
