import { asMicros, ZERO_MICROS } from '@tradedesk/engine';
import { describe, expect, it } from 'vitest';
import type { AccountCommit } from '../../platform/core/account-commit.ts';
import { type AccountView, createAccountViews } from './account-views.ts';
import { orderStatus } from './order-lifecycle.ts';
import type { OrderRecord } from './orders.repository.ts';

const order = (id: number, status: 0 | 1 | 3) =>
  ({ id, userId: 7, status: orderStatus.stateOf(status) }) as OrderRecord;

const commit = (version: number, orders: OrderRecord[] = []): AccountCommit => ({
  accountId: 7,
  version,
  balance: asMicros(BigInt(version) * 1000n),
  lockBalance: ZERO_MICROS,
  at: 0,
  events: orders.map((o) => ({ type: 'order', change: 'opened', order: o })),
});

/** A database that says what the account is at `version` and counts its reads. */
function database(view: Omit<AccountView, 'accountId'>) {
  const reads: number[] = [];
  return {
    reads,
    view,
    load: async (accountId: number): Promise<AccountView> => {
      reads.push(accountId);
      return { accountId, ...view, orders: new Map(view.orders) };
    },
  };
}

describe('account views', () => {
  it('apply an account first commit without a read, then every next version once', async () => {
    const db = database({
      version: 0,
      balance: ZERO_MICROS,
      lockBalance: ZERO_MICROS,
      orders: new Map(),
    });
    const transitions: string[] = [];
    const views = createAccountViews({
      load: db.load,
      scope: 'every',
      onTransition: (before, after) => transitions.push(`${before?.id ?? '-'}→${after?.id ?? '-'}`),
    });
    expect(await views.apply(commit(1))).toBe(true);
    expect(await views.apply(commit(2, [order(1, 1)]))).toBe(true);
    expect(await views.apply(commit(2, [order(1, 1)]))).toBe(false);
    expect(await views.apply(commit(3, [order(1, 3)]))).toBe(true);
    expect(db.reads).toEqual([]);
    expect(transitions).toEqual(['-→1', '1→-']);
    expect(views.get(7)).toMatchObject({ version: 3, balance: 3000n });
  });

  it('rebuild from the database on a gap, and on an account first seen mid-life', async () => {
    const db = database({
      version: 5,
      balance: asMicros(5000n),
      lockBalance: ZERO_MICROS,
      orders: new Map([[4, order(4, 1)]]),
    });
    const views = createAccountViews({ load: db.load, scope: 'every' });
    await views.apply(commit(5));
    expect(db.reads).toEqual([7]);
    expect([...views.get(7)!.orders.keys()]).toEqual([4]);
    db.view.version = 8;
    db.view.orders = new Map([[9, order(9, 0)]]);
    await views.apply(commit(8));
    expect(db.reads).toEqual([7, 7]);
    expect(views.get(7)!.version).toBe(8);
    expect([...views.get(7)!.orders.keys()]).toEqual([9]);
  });

  it('hold commits that arrive during a rebuild and apply the newer ones after it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const views = createAccountViews({
      scope: 'every',
      load: async (accountId) => {
        await gate;
        return {
          accountId,
          version: 3,
          balance: asMicros(3000n),
          lockBalance: ZERO_MICROS,
          orders: new Map(),
        };
      },
    });
    const rebuilding = views.apply(commit(3));
    await views.apply(commit(3));
    await views.apply(commit(4, [order(2, 1)]));
    release();
    await rebuilding;
    expect(views.get(7)).toMatchObject({ version: 4, balance: 4000n });
    expect([...views.get(7)!.orders.keys()]).toEqual([2]);
  });

  it('keep only tracked accounts when scoped, and forget them when untracked', async () => {
    const db = database({
      version: 1,
      balance: asMicros(1000n),
      lockBalance: ZERO_MICROS,
      orders: new Map(),
    });
    const views = createAccountViews({ load: db.load, scope: 'tracked' });
    expect(await views.apply(commit(2))).toBe(false);
    await views.track(7);
    expect(await views.apply(commit(2))).toBe(true);
    expect(views.get(7)!.version).toBe(2);
    views.untrack(7);
    expect(views.get(7)).toBeUndefined();
  });
});
