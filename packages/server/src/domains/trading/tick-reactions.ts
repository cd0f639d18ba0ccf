import { LeaseLostError } from '../../platform/cluster/leases.ts';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import { isAppError } from '../../platform/http/app-error.ts';
import { type QuotePort, type Tick, toPricePoints } from '../market/index.ts';
import { fireTriggerCommand } from './fire-trigger.ts';
import { createMemoryRepair } from './memory-repair.ts';
import { stopOutCommand } from './stop-out.ts';
import type { FiredTrigger, TradingMemory } from './trading-memory.ts';
import type { TradingRules } from './trading-rules.ts';
import { storeTrailingMoves } from './trailing-moves.ts';

/**
 * What ticks do to orders: pending fills, take profits and stop losses fired by the trigger
 * books, and stop-outs of the accounts holding the instrument. Memory picks the candidates;
 * each runs as a command on its account, which decides on what the database holds.
 */
export function createTickReactions(deps: {
  core: CommandCore;
  rules: TradingRules;
  memory: TradingMemory;
  market: Pick<QuotePort, 'instrument' | 'isOpen' | 'onUpdate'>;
  onError: (error: unknown) => void;
  /** Whose triggers this node fires; each command is fenced by its partition's lease. */
  ownership: EngineOwnership;
}) {
  const { core, rules, memory, market, ownership } = deps;
  const inFlight = new Set<Promise<unknown>>();
  const stopOutQueued = new Set<number>();

  function track(job: Promise<unknown>): void {
    const tracked = job.catch(deps.onError);
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  }

  /**
   * Runs a command that memory asked for. A command that failed (not a refusal, which changes
   * nothing) may have found memory wrong: memory reloads that account, which also re-arms a
   * fired trigger that did not happen.
   */
  async function onAccount(accountId: number, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (isAppError(error)) return;
      // A lost lease: another node fires this account now, and this command changed nothing.
      if (error instanceof LeaseLostError) {
        ownership.noteFenced();
        return;
      }
      await repairs.repair(accountId);
      throw error;
    }
  }

  const repairs = createMemoryRepair({ memory, onError: deps.onError });

  /**
   * A trigger whose order the database holds in another state is stale. Usually a commit
   * already told memory (a close queued before the exit); only when memory still believes
   * what fired the trigger is memory wrong, and then it reloads the account.
   */
  function onTrigger(trigger: FiredTrigger, tick: Tick): Promise<void> {
    const quote = { bid: toPricePoints(tick.bid), ask: toPricePoints(tick.ask) };
    return onAccount(trigger.userId, async () => {
      const outcome = await core.execute(
        trigger.userId,
        fireTriggerCommand(rules, trigger.orderId, trigger.kind, quote, trigger.level),
        { fence: ownership.fence(trigger.userId) },
      );
      if (outcome === 'stale' && memory.believes(trigger)) await memory.rebuild(trigger.userId);
    });
  }

  /** A stop-out command; whatever it found, the account goes back in the screen at its end. */
  async function checkStopOut(accountId: number): Promise<void> {
    stopOutQueued.delete(accountId);
    try {
      await onAccount(accountId, () =>
        core.execute(accountId, stopOutCommand(rules), { fence: ownership.fence(accountId) }),
      );
    } finally {
      memory.place(accountId);
    }
  }

  /** Stores the trailing stops' moves since the last call (`storeTrailingMoves`). */
  function storeMoves(): Promise<void> {
    const stored = storeTrailingMoves(memory.takeTrailingMoves(), (accountId, command) =>
      onAccount(accountId, () =>
        core.execute(accountId, command, { fence: ownership.fence(accountId) }),
      ),
    );
    track(stored);
    return stored;
  }

  function onTicks(ticks: readonly Tick[]): void {
    const moved = new Map<number, Tick>();
    const fired: { trigger: FiredTrigger; tick: Tick }[] = [];
    for (const tick of ticks) {
      // DECISIONS.md: outside its session an instrument's quotes fire nothing, whatever arrives.
      if (!market.isOpen(market.instrument(tick.instrumentId))) continue;
      moved.set(tick.instrumentId, tick);
      const bid = toPricePoints(tick.bid);
      const ask = toPricePoints(tick.ask);
      for (const trigger of memory.fire(tick.instrumentId, bid, ask)) fired.push({ trigger, tick });
    }
    // The margin levels come after the fills and exits of these ticks: a stop loss the market
    // gapped through closes as a stop loss, not as a stop-out.
    // The screen names the accounts these quotes may have pushed under (issue 23: not every
    // holder of every moved instrument); each is valued exactly, and a healthy one placed again.
    const reached = new Set<number>();
    for (const [instrumentId, tick] of moved) {
      const quote = { bid: toPricePoints(tick.bid), ask: toPricePoints(tick.ask) };
      for (const accountId of memory.reachedStopOut(instrumentId, quote)) reached.add(accountId);
    }
    const due: number[] = [];
    for (const accountId of reached) {
      if (stopOutQueued.has(accountId)) continue;
      if (!memory.mayNeedStopOut(accountId)) {
        memory.place(accountId);
        continue;
      }
      stopOutQueued.add(accountId);
      due.push(accountId);
    }
    // Each command joins its account's queue as it is called: triggers first, in tick order.
    for (const { trigger, tick } of fired) track(onTrigger(trigger, tick));
    for (const accountId of due) track(checkStopOut(accountId));
  }

  return {
    /** Starts reacting to ticks; returns how to stop. */
    start(): () => void {
      repairs.resume();
      const stop = market.onUpdate((update) => onTicks(update.ticks));
      const storing = setInterval(() => void storeMoves().catch(() => {}), 1_000);
      storing.unref();
      return () => {
        repairs.stop();
        clearInterval(storing);
        // The moves of the last second are stored before the node lets go (SIGTERM).
        void storeMoves().catch(() => {});
        stop();
      };
    },

    storeTrailingMoves: storeMoves,

    /** Resolves when every command fired so far has been processed. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
