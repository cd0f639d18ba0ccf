import type { PricePoints, Quote } from '@tradedesk/engine';
import type { AccountCommit } from '../../platform/core/account-commit.ts';
import { canApply } from '../../platform/core/lifecycle.ts';
import type { QuotePort } from '../market/index.ts';
import { type AccountHoldings, createHoldingsByAccount } from './account-holdings.ts';
import type { AccountSnapshots } from './account-snapshot.ts';
import { type AccountView, createAccountViews } from './account-views.ts';
import { isHolding, ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { createStopOutWatch } from './stop-out-watch.ts';
import { createTriggerHost, type TrailingMove, type TriggerKind } from './trigger-host.ts';

export interface FiredTrigger {
  orderId: number;
  userId: number;
  kind: TriggerKind;
  /** The level memory had armed (a trailing stop: where it had trailed to). */
  level: PricePoints;
}

type ScreeningMarket = Pick<QuotePort, 'spec' | 'quotePoints' | 'rates' | 'profitRateAtQuotes'>;

/**
 * What the trading host keeps in memory so that a tick costs no query per holder: every
 * account with live orders (figures and orders), the trigger books of their orders, and the
 * stop-out screen of the accounts holding positions. Fed only by committed commits from the
 * bus; it screens (which triggers fired, which accounts may be due for stop-out) and the
 * command core decides.
 */
export function createTradingMemory(deps: {
  snapshots: AccountSnapshots;
  market: ScreeningMarket;
  stopOutLevel: bigint;
  /**
   * The accounts this node fires triggers for (scale-out: those of its partitions; the
   * embedded default: all). Memory keeps only these.
   */
  covers: (accountId: number) => boolean;
}) {
  const { covers } = deps;
  const triggers = createTriggerHost();
  const owners = new Map<number, number>();
  /** Each account's holdings, kept from the same transitions as the books. */
  const holdings = createHoldingsByAccount();
  const watch = createStopOutWatch(deps);

  const views = createAccountViews({
    load: deps.snapshots.load,
    scope: 'every',
    onTransition(before, after, change) {
      if (before) {
        triggers.disarm(before);
        owners.delete(before.id);
      }
      if (after) {
        triggers.arm(after, change);
        owners.set(after.id, after.userId);
      }
      holdings.change(before, after);
    },
  });

  const positionsOf = (view: AccountView | undefined): OrderRecord[] =>
    [...(view?.orders.values() ?? [])].filter(isHolding);

  /**
   * Puts the account in the stop-out screen at the current quotes (after each of its commits,
   * and after a tick reached it and found it healthy).
   */
  const place = (accountId: number): void =>
    watch.place(accountId, views.get(accountId), holdings.get(accountId));

  /** Lets an account go: its triggers leave the books, it leaves the stop-out screen. */
  function forget(accountId: number): void {
    views.drop(accountId);
    watch.forget(accountId);
  }

  async function loadCovered(): Promise<void> {
    const loaded = (await deps.snapshots.loadLive()).filter((v) => covers(v.accountId));
    views.seed(loaded);
    for (const view of loaded) place(view.accountId);
  }

  return {
    async apply(commit: AccountCommit): Promise<boolean> {
      if (!covers(commit.accountId)) return false;
      const applied = await views.apply(commit);
      if (applied) place(commit.accountId);
      return applied;
    },
    /** Reloads an account from the database (after memory turned out wrong about it). */
    async rebuild(accountId: number): Promise<void> {
      await views.rebuild(accountId);
      // Its partition may have moved to another node while the database was read.
      if (covers(accountId)) place(accountId);
      else forget(accountId);
    },
    /**
     * Loads every account it covers with live orders (the host's start, a partition gained,
     * a bus that came back); a view already newer than the database's snapshot stays.
     */
    load: loadCovered,
    /** Lets go of the accounts it no longer covers (their partition moved to another node). */
    dropUncovered(): void {
      for (const view of [...views.all()]) if (!covers(view.accountId)) forget(view.accountId);
    },
    /** Reloads every account it holds (after the bus was away: commits may have been missed). */
    async reload(): Promise<void> {
      for (const view of [...views.all()]) await views.rebuild(view.accountId);
      await loadCovered();
      for (const view of [...views.all()]) if (!covers(view.accountId)) forget(view.accountId);
    },
    view: (accountId: number) => views.get(accountId),
    /** Every account memory holds (live orders), for the margin call watch. */
    accounts: () => views.all(),
    positions: (accountId: number) => positionsOf(views.get(accountId)),

    /** The triggers a tick reached, removed from the books; their commands decide. */
    fire(instrumentId: number, bid: PricePoints, ask: PricePoints): FiredTrigger[] {
      return triggers.fire(instrumentId, bid, ask).flatMap((trigger) => {
        const userId = owners.get(trigger.orderId);
        return userId === undefined ? [] : [{ ...trigger, userId }];
      });
    },

    /** Whether memory still holds the order in the state that fires `trigger`. */
    believes(trigger: FiredTrigger): boolean {
      const order = views.get(trigger.userId)?.orders.get(trigger.orderId);
      const step = trigger.kind === 'fill' ? ORDER.fill : ORDER.close;
      return order !== undefined && canApply(step, order.status);
    },

    /**
     * The accounts a move of this instrument (to `quote`) may have pushed under their level:
     * those whose box it left and those near their level. Each must be valued exactly
     * (`mayNeedStopOut`) and then placed again (`place`, or by its stop-out's commit).
     */
    reachedStopOut: (instrumentId: number, quote: Quote): readonly number[] =>
      watch.reached(instrumentId, quote),
    place,
    screenCounts: () => watch.counts(),

    /**
     * Whether the account is due for a stop-out at the current quotes (exactly, from memory):
     * decided on its sums per instrument unless its equity's bounds straddle the level.
     */
    mayNeedStopOut: (accountId: number): boolean =>
      watch.isDue(views.get(accountId), holdings.get(accountId)),

    /** Memory's holdings of the account (nothing live: none). */
    holdings: (accountId: number): AccountHoldings | undefined => holdings.get(accountId),

    watching: triggers.watching,

    /** The trailing stops moved since the last call, with their accounts, to be stored. */
    takeTrailingMoves(): (TrailingMove & { userId: number })[] {
      return triggers.takeTrailingMoves().flatMap((move) => {
        const userId = owners.get(move.orderId);
        return userId === undefined ? [] : [{ ...move, userId }];
      });
    },
    /** Where memory has trailed a position's stop to now (ahead of the last stored move). */
    trailedStop: triggers.trailedStop,
  };
}

export type TradingMemory = ReturnType<typeof createTradingMemory>;
