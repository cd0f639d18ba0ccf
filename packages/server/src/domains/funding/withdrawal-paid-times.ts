import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { FundingTables } from './tables.ts';

/**
 * When each of these withdrawals was paid — an operator marked the transfer made — or null
 * while it is not: the read the back office's ledger needs beside a withdrawal's "paid out"
 * row, which is written at the approval. Unknown ids are left out.
 */
export async function withdrawalPaidTimes(
  db: Executor<FundingTables>,
  ids: readonly number[],
): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('withdrawals')
    .select(['id', 'paid_at'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [toInt(r.id), r.paid_at === null ? null : toInt(r.paid_at)]));
}
