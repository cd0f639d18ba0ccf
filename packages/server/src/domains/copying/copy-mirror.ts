import type { Bus } from '../../platform/bus/bus.ts';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { OrdersRepository } from '../trading/index.ts';
import type { CopiesRepository } from './copies.repository.ts';
import { createLateSignals } from './copy-late-signals.ts';
import {
  decodeSignal,
  SIGNAL_OUTCOME,
  type SignalOutcome,
  type SignalRow,
  type WaitingSignal,
} from './copy-signals.ts';
import { type MirrorDeps, type MirrorOutcome, mirrorSignal } from './mirror-signal.ts';
import type { SignalOutbox } from './signal-outbox.repository.ts';
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
  /** Failed attempts, and signals set aside after their last one. */
  failed: number;
  setAside: number;
}

/**
 * Works off the copy outbox (issue 29): each leader signal goes to every copy that follows the
 * leader, one command per copy through the command core, and leaves the outbox only once all
 * of them committed. A leader's signals are taken one after another (a close never overtakes
 * its open); a failed one stays, with the leader's later ones behind it, and is tried again
 * on the house's policy (issue 36: 10 s doubling to an hour); after its last attempt it is
 * set aside with its error for the back office, and the leader's later signals go on
 * (copy-late-signals.ts says what a signal put back means then). Scale-out: the node holding
 * the leader's partition works its signals, fenced by that lease.
 */
export function createCopyMirror(deps: {
  core: CommandCore;
  bus: Bus;
  /** The copies and the outbox on the module's root database. */
  copies: Pick<CopiesRepository, 'find' | 'targets'>;
  signals: SignalOutbox;
  mirroring: MirrorDeps;
  /** Trading's orders: where the leader's position stands now (a late signal). */
  orders: Pick<OrdersRepository, 'find'>;
  ownership: EngineOwnership;
  now: () => number;
  onError: (error: unknown) => void;
}) {
  const { core, copies, signals, ownership } = deps;
  const late = createLateSignals({ orders: deps.orders, signals });
  const counts: MirrorCounts = {
    mirrored: 0,
    skipped: 0,
    closed: 0,
    stops: 0,
    failed: 0,
    setAside: 0,
  };
  let draining: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function count(outcome: MirrorOutcome): void {
    if (outcome !== 'nothing') counts[outcome] += 1;
  }

  /** One signal on all its copies, each in its own command; throws the first copy's failure. */
  async function mirrorEverywhere(row: SignalRow): Promise<void> {
    const targets = row.copyId
      ? [await copies.find(row.copyId)].filter((copy) => copy !== undefined)
      : await copies.targets(row.leaderId, row.id);
    if (targets.length === 0) return;
    const steps = await late.stepsOf(row);
    const fence = ownership.fence(row.leaderId);
    const results = await Promise.allSettled(
      targets.map(async (copy) => {
        for (const step of steps)
          count(
            await core.execute(copy.accountId, mirrorSignal(deps.mirroring, step, copy.id), {
              fence,
            }),
          );
      }),
    );
    // A rejected result is the one carrying a reason.
    const failure = results.find((r): r is PromiseRejectedResult => 'reason' in r);
    if (failure) throw failure.reason;
  }

  /**
   * One signal: done once every copy took it (or had nothing to take); else tried again after
   * the back-off, or set aside after the last attempt. A payload that does not decode fails
   * like a copy's command: alone.
   */
  async function handle(waiting: WaitingSignal): Promise<SignalOutcome> {
    try {
      await mirrorEverywhere({ ...waiting, signal: decodeSignal(waiting.payload) });
    } catch (error) {
      counts.failed += 1;
      deps.onError(error);
      const outcome = await signals.failed(waiting, String(error), deps.now());
      if (outcome === SIGNAL_OUTCOME.setAside) counts.setAside += 1;
      return outcome;
    }
    await signals.done(waiting.id);
    return SIGNAL_OUTCOME.done;
  }

  async function round(): Promise<boolean> {
    const due = await signals.waiting(BATCH, deps.now());
    const rows = due.filter((row) => ownership.owns(row.leaderId));
    const byLeader = new Map<number, WaitingSignal[]>();
    for (const row of rows)
      byLeader.set(row.leaderId, [...(byLeader.get(row.leaderId) ?? []), row]);
    let progressed = false;
    await Promise.all(
      [...byLeader.values()].map(async (list) => {
        for (const row of list) {
          // A signal backing off keeps the leader's later ones behind it (a close never
          // overtakes its open); one set aside lets them go on.
          if ((await handle(row)) === SIGNAL_OUTCOME.retry) return;
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
