import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../database.ts';
import { replaceChecks } from '../table-checks.ts';

/**
 * Issue 40, order management.
 * - `orders.trailing_distance` (points; 0: no trailing stop), `trailing_activation` (the closing
 *   price from which it follows; 0: at once) and `trailing_active` (1 once that price was
 *   reached): the trailing stop the trigger host follows on every tick and stores as it moves.
 * - `orders.stop_moved_at`: when the stop loss last moved, by the trader or the trailing stop.
 * - `orders.expire_at`: when a pending order is cancelled by itself; NULL good till cancelled.
 * - `orders.part_of`: of a closed part of a position (a partial close, in history), the
 *   position it was taken from, which goes on under its own id.
 * - `instruments.stop_level`: MT5's "stops level", the least distance in points a pending
 *   order's price keeps from the market; 0 allows any.
 * - `margin_calls`: the accounts in margin call now, one row each from the crossing below
 *   MARGIN_CALL_LEVEL until the level recovered — so the trader is told once per crossing,
 *   whichever node sees it, and again only after a recovery.
 */
export function orderManagementMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Each column with its own CHECK: SQLite adds those in place, where a table CHECK would
      // rebuild `orders`, which the ledger and copies refer to.
      const orders = () => db.schema.alterTable('orders');
      await orders()
        .addColumn('trailing_distance', 'bigint', (c) =>
          c.notNull().defaultTo(0).check(sql`trailing_distance >= 0`),
        )
        .execute();
      await orders()
        .addColumn('trailing_activation', 'bigint', (c) =>
          c.notNull().defaultTo(0).check(sql`trailing_activation >= 0`),
        )
        .execute();
      await orders()
        .addColumn('trailing_active', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sql`trailing_active IN (0, 1)`),
        )
        .execute();
      await orders().addColumn('stop_moved_at', 'bigint').execute();
      await orders().addColumn('expire_at', 'bigint').execute();
      await orders()
        .addColumn('part_of', 'integer', (c) => c.references('orders.id'))
        .execute();
      // Copies follow partial closes and trailing stops (issue 40).
      await replaceChecks(db, dialect, 'copy_outbox', {
        drop: { copy_outbox_change: "change IN ('open', 'close', 'stops')" },
        add: {
          copy_outbox_change: "change IN ('open', 'close', 'stops', 'part', 'trailing')",
        },
      });
      await db.schema
        .alterTable('instruments')
        .addColumn('stop_level', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('margin_calls')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('level', 'bigint', (c) => c.notNull())
        .addColumn('called_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('orders_expiring')
        .on('orders')
        .columns(['expire_at'])
        .where('expire_at', 'is not', null)
        .execute();
    },
  };
}
