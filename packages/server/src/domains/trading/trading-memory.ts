import { isEmptyPlan, type PositionValue, type PricePoints, planStopOut } from '@tradedesk/engine';
import type { AccountCommit } from '../../core/account-commit.ts';
import type { AccountSnapshots } from './account-snapshot.ts';
import { type AccountView, createAccountViews } from './account-views.ts';
import type { OrderRecord } from './orders.repository.ts';
import { pendingOf } from './trading-steps.ts';
import { createTriggerHost, parseTriggerKey, type TriggerKind } from './trigger-host.ts';

export interface FiredTrigger {
  orderId: number;
  userId: number;
  kind: TriggerKind;
}

/**
 * What the trading host keeps in memory so that a tick costs no query per holder: every
 * account with live orders (figures and orders), the trigger books of their orders, and who
 * holds positions in each instrument. Fed only by committed commits from the bus; it screens
 * (which triggers fired, which accounts look due for stop-out) and the command core decides.
 */
export function createTradingMemory(deps: {
  snapshots: AccountSnapshots;
  value: (positions: Iterable<OrderRecord>) => PositionValue[];
  stopOutLevel: bigint;
}) {
  const triggers = createTriggerHost();
  /** instrument → holder → how many positions they hold in it. */
  const holders = new Map<number, Map<number, number>>();
  const owners = new Map<number, number>();

  function countHolder(order: OrderRecord, delta: 1 | -1): void {
    let counts = holders.get(order.instrumentId);
    if (!counts) {
      counts = new Map();
      holders.set(order.instrumentId, counts);
    }
    const count = (counts.get(order.userId) ?? 0) + delta;
    if (count > 0) counts.set(order.userId, count);
    else counts.delete(order.userId);
  }

  const views = createAccountViews({
    load: deps.snapshots.load,
    scope: 'every',
    onTransition(before, after) {
      if (before) {
        triggers.disarm(before);
        if (before.status === 1) countHolder(before, -1);
        owners.delete(before.id);
      }
      if (after) {
        triggers.arm(after);
        if (after.status === 1) countHolder(after, 1);
        owners.set(after.id, after.userId);
      }
    },
  });

  const positionsOf = (view: AccountView | undefined): OrderRecord[] =>
    [...(view?.orders.values() ?? [])].filter((o) => o.status === 1);

  return {
    apply: (commit: AccountCommit) => views.apply(commit),
    /** Reloads an account from the database (after memory turned out wrong about it). */
    rebuild: (accountId: number) => views.rebuild(accountId),
    /** Loads every account with live orders (the host's start). */
    async load(): Promise<void> {
      views.seed(await deps.snapshots.loadLive());
    },
    view: (accountId: number) => views.get(accountId),
    positions: (accountId: number) => positionsOf(views.get(accountId)),

    /** The triggers a tick reached, removed from the books; their commands decide. */
    fire(instrumentId: number, bid: PricePoints, ask: PricePoints): FiredTrigger[] {
      return triggers.fire(instrumentId, bid, ask).flatMap((trigger) => {
        const { orderId, kind } = parseTriggerKey(trigger.key);
        const userId = owners.get(orderId);
        return userId === undefined ? [] : [{ orderId, userId, kind }];
      });
    },

    /** Whether memory still holds the order in the state that fires `trigger`. */
    believes(trigger: FiredTrigger): boolean {
      const order = views.get(trigger.userId)?.orders.get(trigger.orderId);
      return order?.status === (trigger.kind === 'fill' ? 0 : 1);
    },

    holdersOf: (instrumentId: number): Iterable<number> => holders.get(instrumentId)?.keys() ?? [],

    /** Whether the account looks due for a stop-out at the current quotes (memory screens). */
    mayNeedStopOut(accountId: number): boolean {
      const view = views.get(accountId);
      if (!view) return true;
      const live = [...view.orders.values()];
      return !isEmptyPlan(
        planStopOut(view.balance, deps.value(live), pendingOf(live), deps.stopOutLevel),
      );
    },

    watching: triggers.watching,
  };
}

export type TradingMemory = ReturnType<typeof createTradingMemory>;
