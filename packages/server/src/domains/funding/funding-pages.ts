import type { SelectQueryBuilder } from 'kysely';
import type { FundingTables } from './tables.ts';

export interface Page<R> {
  rows: R[];
  total: number;
}

/**
 * One page of what `query` selects in its order (a queue oldest first, a history newest
 * first), and how many rows it filters in all: the same filter counted.
 */
export async function pageOf<TB extends keyof FundingTables, O, R>(
  query: SelectQueryBuilder<FundingTables, TB, O>,
  at: { page: number; size: number },
  toRecord: (row: O) => R,
): Promise<Page<R>> {
  const rows = await query
    .limit(at.size)
    .offset((at.page - 1) * at.size)
    .execute();
  const { n } = await query
    .clearSelect()
    .clearOrderBy()
    .select(({ fn }) => fn.countAll<number | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(toRecord), total: Number(n) };
}
