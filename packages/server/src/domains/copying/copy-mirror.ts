import type { Bus } from '../../platform/bus/bus.ts';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { CopiesRepository } from './copies.repository.ts';
import type { CopyCommands, MirrorOutcome } from './copy-commands.ts';
import type { SignalOutbox, SignalRow } from './copy-signals.ts';
import './copy-events.ts';

/** Signals read per round; a leader's are taken in order, leaders side by side. */
const BATCH = 200;
/** A sweep for what no commit announced: another node's leader, a restart's leftovers. */
const SWEEP_MS = 1_000;

export interface MirrorCounts {
  mirrored: number;
  skipped: number;
  closed: number;
  stops: number;
  failed: number;
}

/**
 * Works off the copy outbox (issue 29): each leader signal goes to every copy that follows the
 * leader, one command per copy through the command core, and leaves the outbox only once all
 * of them committed. A leader's signals are taken one after another (a close never overtakes
 * its open); a failed one stays, with the leader's later ones behind it, and is tried again.
 * Scale-out: the node holding the leader's partition works its signals, fenced by that lease.
 */
export function createCopyMirror(deps: {
  core: CommandCore;
  bus: Bus;
  copies: CopiesRepository;
  signals: SignalOutbox;
  commands: CopyCommands;
  ownership: EngineOwnership;
  onError: (error: unknown) => void;
}) {
  const { core, copies, signals, commands, ownership } = deps;
  const counts: MirrorCounts = { mirrored: 0, skipped: 0, closed: 0, stops: 0, failed: 0 };
  let draining: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function count(outcome: MirrorOutcome): void {
    if (outcome !== 'nothing') counts[outcome] += 1;
  }

  /** One signal on all its copies; true when every copy took it (or had nothing to take). */
  async function handle(row: SignalRow): Promise<boolean> {
    const targets = row.copyId
      ? [await copies.find(row.copyId)].filter((copy) => copy !== undefined)
      : await copies.targets(row.leaderId, row.id);
    const fence = ownership.fence(row.leaderId);
    const results = await Promise.allSettled(
      targets.map((copy) => core.execute(copy.accountId, commands.mirror(row, copy.id), { fence })),
    );
    const failure = results.find((r) => r.status === 'rejected');
    for (const r of results) if (r.status === 'fulfilled') count(r.value);
    if (failure) {
      counts.failed += 1;
      deps.onError(failure.reason);
      await signals.failed(row.id, String(failure.reason));
      return false;
    }
    await signals.done(row.id);
    return true;
  }

  async function round(): Promise<boolean> {
    const rows = (await signals.waiting(BATCH)).filter((row) => ownership.owns(row.leaderId));
    const byLeader = new Map<number, SignalRow[]>();
    for (const row of rows)
      byLeader.set(row.leaderId, [...(byLeader.get(row.leaderId) ?? []), row]);
    let progressed = false;
    await Promise.all(
      [...byLeader.values()].map(async (list) => {
        for (const row of list) {
          if (!(await handle(row))) return;
          progressed = true;
        }
      }),
    );
    return progressed && rows.length > 0;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      while (!stopped && (await round()));
    } while (again && !stopped);
  }

  /** Drains now, or once more after the drain under way. */
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (draining) {
      again = true;
      return draining;
    }
    draining = drain()
      .catch(deps.onError)
      .finally(() => {
        draining = undefined;
      });
    return draining;
  }

  return {
    wake,
    counts: () => ({ ...counts }),
    /** Whether nothing is being mirrored now (tests wait for it). */
    idle: () => draining ?? Promise.resolve(),
    start(): () => void {
      stopped = false;
      const unsubscribe = deps.bus.subscribe('account.committed', (commit) => {
        if (commit.events.some((event) => event.type === 'copy-signals')) void wake();
      });
      const timer = setInterval(() => void wake(), SWEEP_MS);
      timer.unref();
      void wake();
      return () => {
        stopped = true;
        clearInterval(timer);
        unsubscribe();
      };
    },
  };
}

export type CopyMirror = ReturnType<typeof createCopyMirror>;
