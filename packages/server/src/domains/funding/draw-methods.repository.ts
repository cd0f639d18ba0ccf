import type { Selectable } from 'kysely';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DrawMethodsTable, FundingTables } from './tables.ts';
import { OPEN_WITHDRAWAL_STATES, withdrawalStatus } from './withdrawal-lifecycle.ts';

export interface DrawMethodRecord {
  id: number;
  userId: number;
  type: 1 | 2;
  drawCurrencyId: number;
  dcAddress: string;
  bankName: string;
  bankAddress: string;
  bankSwift: string;
  payeeName: string;
  payeeAccount: string;
  currency: string;
  remark: string;
  createdAt: number;
  usableAt: number;
}

export type NewDrawMethod = Omit<DrawMethodRecord, 'id'>;

const toMethod = (r: Selectable<DrawMethodsTable>): DrawMethodRecord => ({
  id: toInt(r.id),
  userId: toInt(r.user_id),
  type: toInt(r.type) as 1 | 2,
  drawCurrencyId: toInt(r.draw_currency_id),
  dcAddress: r.dc_address,
  bankName: r.bank_name,
  bankAddress: r.bank_address,
  bankSwift: r.bank_swift,
  payeeName: r.payee_name,
  payeeAccount: r.payee_account,
  currency: r.currency,
  remark: r.remark,
  createdAt: toInt(r.created_at),
  usableAt: toInt(r.usable_at),
});

/**
 * Where a trader's withdrawals may go. Removal is a mark: withdrawals keep naming the method.
 * On the executor the repository is built on: binding and removing run on a command's
 * transaction (ctx.repository), under the account's lock.
 */
export function createDrawMethodsRepository(executor: Executor<FundingTables>) {
  return {
    async ofUser(
      userId: number,
      filter: { type: 1 | 2; drawCurrencyId?: number },
    ): Promise<DrawMethodRecord[]> {
      let query = executor
        .selectFrom('draw_methods')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', filter.type)
        .where('deleted_at', 'is', null)
        .orderBy('id', 'desc');
      if (filter.drawCurrencyId !== undefined)
        query = query.where('draw_currency_id', '=', filter.drawCurrencyId);
      return (await query.execute()).map(toMethod);
    },

    /** The user's own method, not removed; undefined for anyone else's. */
    async own(userId: number, id: number): Promise<DrawMethodRecord | undefined> {
      const row = await executor
        .selectFrom('draw_methods')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row && toMethod(row);
    },

    async count(userId: number): Promise<number> {
      const { n } = await executor
        .selectFrom('draw_methods')
        .select(({ fn }) => fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async insert(method: NewDrawMethod): Promise<DrawMethodRecord> {
      const row = await executor
        .insertInto('draw_methods')
        .values({
          user_id: method.userId,
          type: method.type,
          draw_currency_id: method.drawCurrencyId,
          dc_address: method.dcAddress,
          bank_name: method.bankName,
          bank_address: method.bankAddress,
          bank_swift: method.bankSwift,
          payee_name: method.payeeName,
          payee_account: method.payeeAccount,
          currency: method.currency,
          remark: method.remark,
          created_at: method.createdAt,
          usable_at: method.usableAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMethod(row);
    },

    /**
     * Marks the user's method removed unless a withdrawal to it is still open: one conditional
     * update. 'in-use' and 'missing' say why nothing changed.
     */
    async remove(
      userId: number,
      id: number,
      at: number,
    ): Promise<'removed' | 'in-use' | 'missing'> {
      const result = await executor
        .updateTable('draw_methods')
        .set({ deleted_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('withdrawals')
                .select('id')
                .where('method_id', '=', id)
                .where(withdrawalStatus.isIn(OPEN_WITHDRAWAL_STATES)),
            ),
          ),
        )
        .executeTakeFirst();
      if (result.numUpdatedRows === 1n) return 'removed';
      return (await this.own(userId, id)) ? 'in-use' : 'missing';
    },
  };
}

export type DrawMethodsRepository = ReturnType<typeof createDrawMethodsRepository>;
