import type { CommandCore } from '../../core/command-core.ts';
import { isAppError } from '../../http/app-error.ts';
import type { Tick } from '../market/feed/feed.ts';
import type { MarketService } from '../market/market.service.ts';
import { toPricePoints } from '../market/prices.ts';
import type { TradingCommands } from './trading-commands.ts';
import type { FiredTrigger, TradingMemory } from './trading-memory.ts';

/**
 * What ticks do to orders: pending fills, take profits and stop losses fired by the trigger
 * books, and stop-outs of the accounts holding the instrument. Memory picks the candidates;
 * each runs as a command on its account, which decides on what the database holds.
 */
export function createTickReactions(deps: {
  core: CommandCore;
  commands: TradingCommands;
  memory: TradingMemory;
  market: MarketService;
  feeType: () => Promise<1 | 2>;
  onError: (error: unknown) => void;
}) {
  const { core, commands, memory, market } = deps;
  const inFlight = new Set<Promise<unknown>>();
  const stopOutQueued = new Set<number>();

  function track(job: Promise<unknown>): void {
    const tracked = job.catch(deps.onError);
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  }

  /**
   * Runs a command that memory asked for. When the database disagreed with memory (a stale
   * trigger) or the command failed, memory reloads that account, so a fired trigger that did
   * not happen is armed again and nothing stays wrong.
   */
  async function onAccount(accountId: number, run: () => Promise<unknown>): Promise<void> {
    try {
      if ((await run()) === 'stale') await memory.rebuild(accountId);
    } catch (error) {
      await memory.rebuild(accountId);
      if (!isAppError(error)) throw error;
    }
  }

  function onTrigger(trigger: FiredTrigger, tick: Tick): Promise<void> {
    const quote = { bid: toPricePoints(tick.bid), ask: toPricePoints(tick.ask) };
    return onAccount(trigger.userId, async () =>
      core.execute(
        trigger.userId,
        commands.trigger(trigger.orderId, trigger.kind, quote, await deps.feeType()),
      ),
    );
  }

  function checkStopOut(accountId: number): Promise<void> {
    stopOutQueued.delete(accountId);
    return onAccount(accountId, () => core.execute(accountId, commands.stopOut()));
  }

  function onTicks(ticks: readonly Tick[]): void {
    const moved = new Set<number>();
    for (const tick of ticks) {
      // DECISIONS.md: outside its session an instrument's quotes fire nothing, whatever arrives.
      if (!market.isOpen(market.instrument(tick.instrumentId))) continue;
      moved.add(tick.instrumentId);
      const bid = toPricePoints(tick.bid);
      const ask = toPricePoints(tick.ask);
      for (const trigger of memory.fire(tick.instrumentId, bid, ask))
        track(onTrigger(trigger, tick));
    }
    // After the fills and exits of these ticks (queued first on each account), the margin levels.
    for (const instrumentId of moved) {
      for (const accountId of memory.holdersOf(instrumentId)) {
        if (stopOutQueued.has(accountId) || !memory.mayNeedStopOut(accountId)) continue;
        stopOutQueued.add(accountId);
        track(checkStopOut(accountId));
      }
    }
  }

  return {
    /** Starts reacting to ticks; returns how to stop. */
    start: (): (() => void) => market.onUpdate((update) => onTicks(update.ticks)),

    /** Resolves when every command fired so far has been processed. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
