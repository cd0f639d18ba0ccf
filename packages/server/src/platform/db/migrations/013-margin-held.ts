import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { replaceChecks } from '../table-checks.ts';

/**
 * Issue 22: the account model the database can guard without forcing extra closes.
 * - `accounts.margin_held`: Σ margins of open positions. Margin leaves `balance` at open (the
 *   wire's balance keeps SPEC.md's meaning), so a close that realizes more than the balance
 *   holds leaves it below 0 while other positions still hold the trader's money (MT5 allows
 *   that; only the margin level decides a stop-out). The old CHECK `balance >= 0` forced a
 *   stop-out on such accounts. The invariant now: a balance below 0 exists only beside open
 *   positions; with nothing open, negative balance protection has brought it to 0.
 * - `instruments.calc_mode` and `margin_currency`: MT5's Forex mode computes margin in the base
 *   currency (USDJPY 1 lot at 1:100 is 1 000 USD), converted at the side the order trades.
 */
export function marginHeldMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('accounts')
        .addColumn('margin_held', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`
        UPDATE accounts SET margin_held = COALESCE(
          (SELECT SUM(margin) FROM orders WHERE orders.user_id = accounts.user_id AND status = 1),
          0)`.execute(db);
      await replaceChecks(db, dialect, 'accounts', {
        drop: { accounts_balance_not_negative: 'balance >= 0' },
        add: {
          accounts_margin_held_not_negative: 'margin_held >= 0',
          accounts_negative_balance_only_beside_positions: 'balance >= 0 OR margin_held > 0',
        },
      });

      await db.schema
        .alterTable('instruments')
        .addColumn('calc_mode', 'text', (c) => c.notNull().defaultTo('cfd'))
        .execute();
      await db.schema
        .alterTable('instruments')
        .addColumn('margin_currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .execute();
      // Category 1 is forex (the catalogue's CATEGORIES): a pair's base is its first three letters.
      await sql`
        UPDATE instruments SET calc_mode = 'forex', margin_currency = substr(code, 1, 3)
        WHERE category_id = 1`.execute(db);
      await sql`
        UPDATE instruments SET margin_currency = quote_currency WHERE category_id <> 1`.execute(db);
    },
  };
}
