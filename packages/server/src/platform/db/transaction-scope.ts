import type { Store, StoreTables } from './database.ts';
import type { Executor } from './executor.ts';

/**
 * What a transaction offers the modules whose writes it holds together: each module's own
 * repositories, bound to it (issue 38). No module sees the transaction itself, so none can
 * query another's tables in it — a command's `ctx.repository` is the same thing under an
 * account's lock, and a `CommandContext` serves wherever a scope is asked for.
 */
export interface TransactionScope {
  /** A repository on this transaction, one per factory. */
  repository<R>(create: (executor: Executor<StoreTables>) => R): R;
}

/** Runs `work` in one transaction of the root database; it commits when `work` resolves. */
export type Transact = <T>(work: (scope: TransactionScope) => Promise<T>) => Promise<T>;

/** Repositories bound to `executor`, each factory's made once. */
export function scopeOn(executor: Executor<StoreTables>): TransactionScope {
  const made = new Map<unknown, unknown>();
  return {
    repository<R>(create: (executor: Executor<StoreTables>) => R): R {
      if (!made.has(create)) made.set(create, create(executor));
      return made.get(create) as R;
    },
  };
}

/**
 * Transactions across modules on the store's database, handed by the composition root to the
 * modules that need one outside an account command (an operator's decision and its audit row
 * and notice; a submission and the uploads it claims).
 */
export const createTransact =
  (db: Store['db']): Transact =>
  (work) =>
    db.transaction().execute((trx) => work(scopeOn(trx)));
