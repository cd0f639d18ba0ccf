import { PAGE_SIZE } from '@tradedesk/contract';
import type { AdminCopySignal } from '@tradedesk/contract/admin';
import type { Selectable } from 'kysely';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, createAuditLog } from '../../platform/operators/audit-log.ts';
import type { MarketRepository } from '../market/index.ts';
import type { OrdersRepository } from '../trading/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { decodeSignal, SIGNAL_CHANGE } from './copy-signals.ts';
import type { CopyingTables, CopyOutboxTable } from './tables.ts';

/** A signal set aside after its last attempt (or just put back), as stored. */
interface StoredSignal {
  id: number;
  leaderId: number;
  leaderOrderId: number;
  copyId: number | null;
  change: CopyOutboxTable['change'];
  payload: string;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  setAsideAt: number | null;
}

function toStored(row: Selectable<CopyOutboxTable>): StoredSignal {
  return {
    id: toInt(row.id),
    leaderId: toInt(row.leader_id),
    leaderOrderId: toInt(row.leader_order_id),
    copyId: row.copy_id === null ? null : toInt(row.copy_id),
    change: row.change,
    payload: row.payload,
    attempts: toInt(row.attempts),
    lastError: row.last_error,
    createdAt: toInt(row.created_at),
    setAsideAt: row.set_aside_at === null ? null : toInt(row.set_aside_at),
  };
}

/** The back office's reads and writes of the copy outbox's set-aside signals, on the executor given. */
function createSetAsideRepository(executor: Executor<CopyingTables>) {
  return {
    /** A page of the signals set aside, newest first, and how many there are. */
    async page(page: number): Promise<{ rows: StoredSignal[]; total: number }> {
      const aside = executor.selectFrom('copy_outbox').where('set_aside_at', 'is not', null);
      const [rows, count] = await Promise.all([
        aside
          .selectAll()
          .orderBy('set_aside_at', 'desc')
          .orderBy('id', 'desc')
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE)
          .execute(),
        aside.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toStored), total: toInt(count.n) };
    },

    /** A signal of the outbox as stored, whatever its state. */
    async find(id: number): Promise<StoredSignal | undefined> {
      const row = await executor
        .selectFrom('copy_outbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toStored(row);
    },

    /**
     * Puts a set-aside signal back with its attempts reset: the oldest of its leader's again,
     * the leader's later signals wait behind it. Undefined when it is not set aside: of two
     * operators asking at once, one puts it back (the update re-checks the row it locks).
     */
    async putBack(id: number): Promise<StoredSignal | undefined> {
      const row = await executor
        .updateTable('copy_outbox')
        .set({ set_aside_at: null, next_attempt_at: null, attempts: 0 })
        .where('id', '=', id)
        .where('set_aside_at', 'is not', null)
        .returningAll()
        .executeTakeFirst();
      return row && toStored(row);
    },
  };
}

/** The instrument an open signal names, if its payload decodes. */
function instrumentOfPayload(payload: string): number | undefined {
  try {
    const signal = decodeSignal(payload);
    return signal.change === SIGNAL_CHANGE.open ? signal.instrumentId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Copy signals set aside (issue 36) in the back office: the list, and putting one back — the
 * change and its audit row in one transaction. The mirror's sweep (every second, on the node
 * owning the leader) takes a put-back signal before the leader's later ones.
 */
export function createCopySignalsAdmin(deps: {
  db: Executor<CopyingTables>;
  /** A signal put back and its audit row commit together. */
  transact: Transact;
  users: Pick<UsersRepository, 'findByIds'>;
  /** Trading's orders and the market's instruments name a signal's instrument. */
  orders: Pick<OrdersRepository, 'find'>;
  instruments: Pick<MarketRepository, 'instruments'>;
  now: () => number;
}) {
  const repo = createSetAsideRepository(deps.db);
  const { orders } = deps;

  /** The rows as operators read them: the leader's uid, the instrument's code. */
  async function toAdmin(rows: readonly StoredSignal[]): Promise<AdminCopySignal[]> {
    if (rows.length === 0) return [];
    const [people, instruments, leaderOrders] = await Promise.all([
      deps.users.findByIds(rows.map((row) => row.leaderId)),
      deps.instruments.instruments(),
      Promise.all(rows.map((row) => orders.find(row.leaderOrderId))),
    ]);
    const codes = new Map(instruments.map((instrument) => [instrument.id, instrument.code]));
    return rows.map((row, i) => {
      const instrumentId = leaderOrders[i]?.instrumentId ?? instrumentOfPayload(row.payload);
      return {
        id: row.id,
        leader_id: row.leaderId,
        leader_uid: people.get(row.leaderId)?.uid ?? String(row.leaderId),
        leader_order_id: row.leaderOrderId,
        copy_id: row.copyId,
        change: row.change,
        instrument: (instrumentId !== undefined && codes.get(instrumentId)) || null,
        attempts: row.attempts,
        last_error: row.lastError,
        created_at: row.createdAt,
        set_aside_at: row.setAsideAt,
      };
    });
  }

  return {
    async setAside(page: number) {
      const { rows, total } = await repo.page(page);
      return { data: await toAdmin(rows), total };
    },

    /** Puts a set-aside signal back (NOT_FOUND when it is not set aside); audited. */
    async retry(actor: AuditActor, id: number): Promise<AdminCopySignal> {
      const row = await deps.transact(async (tx) => {
        const at = deps.now();
        const outbox = tx.repository(createSetAsideRepository);
        const before = await outbox.find(id);
        const putBack = await outbox.putBack(id);
        if (!before || !putBack) throw new AppError('NOT_FOUND');
        await tx.repository(createAuditLog).append(
          actor,
          {
            action: 'copy_signal.retry',
            targetType: 'copy_signal',
            targetId: id,
            before: {
              attempts: before.attempts,
              last_error: before.lastError,
              set_aside_at: before.setAsideAt,
            },
            after: { attempts: 0, set_aside_at: null },
          },
          at,
        );
        return putBack;
      });
      const [answer] = await toAdmin([row]);
      return answer!;
    },
  };
}

export type CopySignalsAdmin = ReturnType<typeof createCopySignalsAdmin>;
