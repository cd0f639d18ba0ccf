import { type Micros, ZERO_MICROS } from '@tradedesk/engine';
import type { AccountCommit } from '../../platform/core/account-commit.ts';
import type { OrderChange } from './order-events.ts';
import { isFinished } from './order-lifecycle.ts';
import type { OrderRecord } from './orders.repository.ts';

/** What memory holds of an account: its figures and its live (pending and holding) orders. */
export interface AccountView {
  accountId: number;
  /** The version of the last commit applied; views apply commits in this order only. */
  version: number;
  balance: Micros;
  lockBalance: Micros;
  orders: Map<number, OrderRecord>;
}

/**
 * An order entering, changing in or leaving a view (undefined before = new; after = gone),
 * with what the command did to it (none when a view is read again from the database).
 */
export type OrderTransition = (
  before: OrderRecord | undefined,
  after: OrderRecord | undefined,
  change?: OrderChange,
) => void;

/**
 * Views of accounts kept from committed commits (never from inside a transaction), for what
 * must not cost a query per tick or per push: trigger books, stop-out screening, live P&L.
 * A commit is applied once and in version order; a gap (a commit this process missed) or an
 * account first seen mid-life is answered by a rebuild from the database, and commits that
 * arrive during a rebuild wait for it. `scope: 'tracked'` keeps only accounts asked for.
 */
export function createAccountViews(deps: {
  load: (accountId: number) => Promise<AccountView>;
  scope: 'every' | 'tracked';
  onTransition?: OrderTransition;
}) {
  const views = new Map<number, AccountView>();
  const tracked = new Map<number, number>();
  /** Commits that arrived while their account was being rebuilt. */
  const waiting = new Map<number, AccountCommit[]>();
  const rebuilds = new Map<number, Promise<void>>();
  const transition: OrderTransition = deps.onTransition ?? (() => {});

  function install(fresh: AccountView): void {
    const old = views.get(fresh.accountId);
    for (const [id, order] of old?.orders ?? []) {
      const now = fresh.orders.get(id);
      if (now !== order) transition(order, now);
    }
    for (const [id, order] of fresh.orders) if (!old?.orders.has(id)) transition(undefined, order);
    views.set(fresh.accountId, fresh);
  }

  function applyTo(view: AccountView, commit: AccountCommit): void {
    view.version = commit.version;
    view.balance = commit.balance;
    view.lockBalance = commit.lockBalance;
    for (const event of commit.events) {
      if (event.type !== 'order') continue;
      const before = view.orders.get(event.order.id);
      const after = isFinished(event.order) ? undefined : event.order;
      if (after) view.orders.set(after.id, after);
      else view.orders.delete(event.order.id);
      // A row born in history (the closed part of a position) was never live here.
      if (before || after) transition(before, after, event.change);
    }
  }

  /** Reloads one account from the database, then applies what arrived meanwhile. */
  function rebuild(accountId: number): Promise<void> {
    const running = rebuilds.get(accountId);
    if (running) return running;
    waiting.set(accountId, []);
    const job = (async () => {
      try {
        const fresh = await deps.load(accountId);
        if (deps.scope === 'every' || tracked.has(accountId)) install(fresh);
      } finally {
        rebuilds.delete(accountId);
      }
      const queued = (waiting.get(accountId) ?? []).sort((a, b) => a.version - b.version);
      waiting.delete(accountId);
      for (const commit of queued) await apply(commit);
    })();
    rebuilds.set(accountId, job);
    return job;
  }

  /** Applies a commit; true when it was new to this view (not a repeat, not out of scope). */
  async function apply(commit: AccountCommit): Promise<boolean> {
    const id = commit.accountId;
    if (deps.scope === 'tracked' && !tracked.has(id)) return false;
    const queue = waiting.get(id);
    if (queue) {
      queue.push(commit);
      return true;
    }
    const view = views.get(id);
    if (view && commit.version <= view.version) return false;
    if (!view && commit.version === 1) {
      // The account's first commit: nothing came before it to miss.
      const fresh: AccountView = {
        accountId: id,
        version: 0,
        balance: ZERO_MICROS,
        lockBalance: ZERO_MICROS,
        orders: new Map(),
      };
      views.set(id, fresh);
      applyTo(fresh, commit);
      return true;
    }
    if (!view || commit.version > view.version + 1) {
      await rebuild(id);
      return true;
    }
    applyTo(view, commit);
    return true;
  }

  return {
    apply,
    rebuild,
    get: (accountId: number): AccountView | undefined => views.get(accountId),
    /** Accounts held now (scope 'every'). */
    all: (): IterableIterator<AccountView> => views.values(),
    /** Installs views read in bulk (the trading host's start), unless a newer commit came first. */
    seed(loaded: readonly AccountView[]): void {
      for (const view of loaded)
        if ((views.get(view.accountId)?.version ?? -1) < view.version) install(view);
    },
    /** Starts keeping an account (scope 'tracked'): loads it on the first request. */
    async track(accountId: number): Promise<void> {
      const count = tracked.get(accountId) ?? 0;
      tracked.set(accountId, count + 1);
      if (count === 0) await rebuild(accountId);
      else await rebuilds.get(accountId);
    },
    /** Lets an account go (scope 'every': its partition moved to another node). */
    drop(accountId: number): void {
      const view = views.get(accountId);
      views.delete(accountId);
      for (const order of view?.orders.values() ?? []) transition(order, undefined);
    },
    untrack(accountId: number): void {
      const count = (tracked.get(accountId) ?? 0) - 1;
      if (count > 0) {
        tracked.set(accountId, count);
        return;
      }
      tracked.delete(accountId);
      const view = views.get(accountId);
      views.delete(accountId);
      for (const order of view?.orders.values() ?? []) transition(order, undefined);
    },
  };
}

export type AccountViews = ReturnType<typeof createAccountViews>;
