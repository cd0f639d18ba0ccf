import { randomUUID } from 'node:crypto';
import { type ReplayDeps, replayHistory } from './replay-history.ts';
import type { SampleTradersRepository } from './sample-traders.repository.ts';
import { STRATEGIES, type Strategy } from './strategies.ts';
import { LIVE_MS, type LiveDeps, tradeLive } from './trade-live.ts';

export type SampleTradersDeps = ReplayDeps &
  LiveDeps & {
    /** The bots and the run nodes claim, on the module's root database. */
    samples: Pick<SampleTradersRepository, 'claim' | 'replayed' | 'holdLease' | 'bots'>;
    now: () => number;
    /** Which strategies run (all by default; a test picks one). */
    strategies?: readonly Strategy[];
  };

/**
 * The embedded default's sample traders (issue 12): real accounts (is_demo 0) whose trades go
 * through the trading commands. On a fresh database one node claims the run, creates and funds
 * the bots, and replays the generated history of the last three weeks (replay-history.ts).
 * Afterwards whichever node holds the lease lets the bots trade live through the ordinary
 * trading service (trade-live.ts).
 */
export function createSampleTraders(deps: SampleTradersDeps) {
  const { now, log } = deps;
  const strategies = deps.strategies ?? STRATEGIES;
  const node = randomUUID();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let work: Promise<unknown> = Promise.resolve();
  const isStopped = () => stopped;

  async function run(): Promise<void> {
    const at = now();
    if (!(await deps.samples.claim(node, at, at + 10 * LIVE_MS))) return;
    const started = Date.now();
    const trades = await replayHistory(deps, strategies, { now, stopped: isStopped });
    if (stopped) return;
    await deps.samples.replayed(now(), trades);
    log.info({ trades, ms: Date.now() - started }, 'sample traders replayed three weeks');
  }

  const live = () => tradeLive(deps, strategies, { node, at: now(), stopped: isStopped });

  return {
    /**
     * Replays (when this node claims it) in the background, then trades live every LIVE_MS;
     * `onReplayed` runs once the replay is over (the ranking refreshes).
     */
    start(onReplayed: () => Promise<void> | void): void {
      work = run()
        .then(onReplayed)
        .catch((error) => log.error({ err: error }, 'sample traders replay failed'));
      timer = setInterval(() => {
        work = work.then(live).catch((error) => log.error({ err: error }, 'sample traders failed'));
      }, LIVE_MS);
      timer.unref();
    },
    /** Stops and waits for what is under way. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await work;
    },
    /** Waits for the replay and any live round under way (tests). */
    idle: () => work,
    tradeLive: live,
  };
}
