import type { Store } from './database.ts';
import { scopeOn, type Transact } from './transaction-scope.ts';

/**
 * Reads across modules that must agree with each other — balances, ledger rows and orders of
 * one moment — in one transaction at repeatable read (PostgreSQL: one snapshot for every
 * statement; SQLite's transaction sees one state anyway). Each module's reads come from its
 * own repositories through the scope, as in `createTransact`.
 */
export const createReadSnapshot =
  (db: Store['db']): Transact =>
  (work) =>
    db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => work(scopeOn(trx)));
