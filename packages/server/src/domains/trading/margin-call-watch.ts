import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import { repeatEvery, runFenced } from '../../platform/cluster/partition-sweep.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { AccountView } from './account-views.ts';
import { marginCallCommand, stageOf } from './margin-call.ts';
import { figuresOver } from './position-values.ts';
import type { TradingRules } from './trading-rules.ts';

/**
 * Watches the margin levels of the accounts this node follows for the crossings of the margin
 * call level (issue 40). Memory screens every account with positions once a second at the
 * quotes of then; an account whose side of the level differs from what was last decided gets a
 * command, which decides on the database and records the crossing (told once).
 *
 * The cost is a pass over the positions memory holds per second, not per tick: the stop-out
 * screen's boxes would make it per tick but cost far more code, and a margin call is a warning
 * a second late changes nothing about.
 */
export function createMarginCallWatch(deps: {
  core: CommandCore;
  rules: TradingRules;
  accounts: () => Iterable<AccountView>;
  ownership: EngineOwnership;
  onError: (error: unknown) => void;
}) {
  const { rules, ownership } = deps;
  /** The stage last decided per account in margin call (absent: none). */
  const stages = new Map<number, 1 | 2>();

  async function decide(accountId: number): Promise<void> {
    const outcome = await runFenced(deps, accountId, marginCallCommand(rules));
    if (outcome === undefined) return;
    if (outcome === 0) stages.delete(accountId);
    else stages.set(accountId, outcome);
  }

  async function check(): Promise<void> {
    const seen = new Set<number>();
    const due: number[] = [];
    for (const view of deps.accounts()) {
      if (!ownership.owns(view.accountId)) continue;
      seen.add(view.accountId);
      const figures = figuresOver(rules.market, view.balance, [...view.orders.values()]);
      if (stageOf(rules, figures) !== (stages.get(view.accountId) ?? 0)) due.push(view.accountId);
    }
    // In call, then gone from memory (nothing live left): recovered.
    for (const accountId of stages.keys()) if (!seen.has(accountId)) due.push(accountId);
    for (const accountId of due) await decide(accountId);
  }

  return {
    check,
    start: (everyMs = 1_000): (() => void) => repeatEvery(check, everyMs, deps.onError),
  };
}
