import { PAGE_SIZE } from '@tradedesk/contract';
import type { AdminCopySignal } from '@tradedesk/contract/admin';
import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { type CopyOutboxTable, type Database, toInt } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import { createMarketRepository } from '../market/index.ts';
import { createOrdersRepository } from '../trading/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { decodeSignal } from './copy-signals.ts';

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

/** The back office's reads and writes of the copy outbox's set-aside signals; Kysely only. */
function createSetAsideRepository(db: Executor) {
  return {
    /** A page of the signals set aside, newest first, and how many there are. */
    async page(page: number): Promise<{ rows: StoredSignal[]; total: number }> {
      const aside = db.selectFrom('copy_outbox').where('set_aside_at', 'is not', null);
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

    /**
     * Puts a set-aside signal back with its attempts reset: the oldest of its leader's again,
     * the leader's later signals wait behind it. Undefined when it is not set aside: of two
     * operators asking at once, one puts it back (the update re-checks the row it locks).
     */
    async putBack(id: number, executor: Executor): Promise<StoredSignal | undefined> {
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
    return signal.change === 'open' ? signal.instrumentId : undefined;
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
  db: Kysely<Database>;
  users: Pick<UsersRepository, 'findByIds'>;
  now: () => number;
}) {
  const repo = createSetAsideRepository(deps.db);
  const orders = createOrdersRepository(deps.db);
  const market = createMarketRepository(deps.db);

  /** The rows as operators read them: the leader's uid, the instrument's code. */
  async function toAdmin(rows: readonly StoredSignal[]): Promise<AdminCopySignal[]> {
    if (rows.length === 0) return [];
    const [people, instruments, leaderOrders] = await Promise.all([
      deps.users.findByIds(rows.map((row) => row.leaderId)),
      market.instruments(),
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
      const row = await deps.db.transaction().execute(async (trx) => {
        const at = deps.now();
        const before = await trx
          .selectFrom('copy_outbox')
          .select(['attempts', 'last_error', 'set_aside_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        const putBack = await repo.putBack(id, trx);
        if (!before || !putBack) throw new AppError('NOT_FOUND');
        await appendAudit(
          trx,
          actor,
          {
            action: 'copy_signal.retry',
            targetType: 'copy_signal',
            targetId: id,
            before: {
              attempts: toInt(before.attempts),
              last_error: before.last_error,
              set_aside_at: before.set_aside_at === null ? null : toInt(before.set_aside_at),
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
