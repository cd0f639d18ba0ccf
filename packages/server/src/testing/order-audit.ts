import { expect } from 'vitest';
import type { Store } from '../platform/db/database.ts';
import { isAcknowledged, isUnanswered, type LoadTrader, type SentCommand } from './order-load.ts';

/**
 * Every acknowledged command took effect exactly once: an acknowledged submit is one order
 * with its Idempotency-Key, an acknowledged close one closed position with one P&L and one
 * margin release, an acknowledged cancel one cancelled order with one reserve release.
 */
export async function expectAcknowledgedOnce(
  store: Pick<Store, 'db'>,
  sent: readonly SentCommand[],
) {
  for (const command of sent) {
    if (!isAcknowledged(command.answer)) continue;
    const trader = command.trader;
    if (command.kind === 'submit') {
      const rows = await store.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', trader.userId)
        .where('idempotency_key', '=', command.key)
        .execute();
      expect(rows.map((r) => Number(r.id))).toEqual([(command.answer.data as { Id: number }).Id]);
      continue;
    }
    const order = await store.db
      .selectFrom('orders')
      .select(['status', 'close_reason'])
      .where('id', '=', command.id)
      .executeTakeFirstOrThrow();
    const reason = command.kind === 'close' ? 'manual' : 'cancelled';
    expect({ id: command.id, status: Number(order.status), reason: order.close_reason }).toEqual({
      id: command.id,
      status: 3,
      reason,
    });
  }
}

/** No order has two ledger rows of one kind: nothing was paid, held or released twice. */
export async function expectNoDoubleLedgerRows(store: Pick<Store, 'db'>): Promise<void> {
  const doubled = await store.db
    .selectFrom('ledger')
    .select(['order_id', 'kind', ({ fn }) => fn.countAll().as('n')])
    .where('order_id', 'is not', null)
    .groupBy(['order_id', 'kind'])
    .having(({ fn }) => fn.countAll(), '>', 1)
    .execute();
  expect(doubled).toEqual([]);
}

/**
 * Every account adds up: balance = Σ ledger, the lock = Σ reserves of pending orders, the
 * margin held = Σ margins of open positions.
 */
export async function expectAccountsAddUp(store: Pick<Store, 'db'>, userIds: readonly number[]) {
  for (const userId of userIds) {
    const account = await store.db
      .selectFrom('accounts')
      .select(['balance', 'lock_balance', 'margin_held'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const ledger = await store.db
      .selectFrom('ledger')
      .select('amount')
      .where('user_id', '=', userId)
      .execute();
    const orders = await store.db
      .selectFrom('orders')
      .select(['status', 'reserve', 'margin'])
      .where('user_id', '=', userId)
      .where('status', 'in', [0, 1])
      .execute();
    const sum = (values: (string | number | bigint)[]) =>
      values.reduce<bigint>((total, v) => total + BigInt(v), 0n);
    expect({
      userId,
      balance: BigInt(account.balance),
      lock: BigInt(account.lock_balance),
      margin: BigInt(account.margin_held),
    }).toEqual({
      userId,
      balance: sum(ledger.map((r) => r.amount)),
      lock: sum(orders.filter((o) => Number(o.status) === 0).map((o) => o.reserve)),
      margin: sum(orders.filter((o) => Number(o.status) === 1).map((o) => o.margin)),
    });
  }
}

/**
 * Submits whose answer never came (the process died with them in flight) are sent again
 * with their Idempotency-Key, as a client retries: each either returns the order it placed
 * before the crash or places it now — one order per key either way.
 */
export async function retryUnanswered(
  store: Pick<Store, 'db'>,
  sent: readonly SentCommand[],
  resend: (command: SentCommand) => Promise<SentCommand>,
): Promise<number> {
  let retried = 0;
  for (const command of sent) {
    if (command.kind !== 'submit' || !isUnanswered(command.answer)) continue;
    const again = await resend(command);
    expect(isUnanswered(again.answer)).toBe(false);
    retried += 1;
    const rows = await store.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', command.trader.userId)
      .where('idempotency_key', '=', command.key)
      .execute();
    expect(rows.length).toBe(isAcknowledged(again.answer) ? 1 : 0);
  }
  return retried;
}

/** What the traders hold, as the database says: the next round's load starts from it. */
export async function resyncTraders(
  store: Pick<Store, 'db'>,
  traders: readonly LoadTrader[],
): Promise<void> {
  for (const trader of traders) {
    const open = await store.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('user_id', '=', trader.userId)
      .where('status', 'in', [0, 1])
      .execute();
    trader.holding = new Set(open.filter((o) => Number(o.status) === 1).map((o) => Number(o.id)));
    trader.pending = new Set(open.filter((o) => Number(o.status) === 0).map((o) => Number(o.id)));
  }
}
