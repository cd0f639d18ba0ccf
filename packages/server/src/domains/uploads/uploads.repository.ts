import type { Insertable } from 'kysely';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { UploadsTable, UploadsTables } from './tables.ts';

/**
 * The uploads' rows, on the executor the repository is built on: the module's root database,
 * or the transaction of a submission that claims its uploads.
 */
export function createUploadsRepository(executor: Executor<UploadsTables>) {
  return {
    async insert(row: Insertable<UploadsTable>): Promise<void> {
      await executor.insertInto('uploads').values(row).execute();
    },

    /** Who sent the upload and what it holds; undefined for none. */
    async find(name: string): Promise<{ userId: number; contentType: string } | undefined> {
      const row = await executor
        .selectFrom('uploads')
        .select(['user_id', 'content_type'])
        .where('name', '=', name)
        .executeTakeFirst();
      return row && { userId: toInt(row.user_id), contentType: row.content_type };
    },

    /** Marks `userId`'s upload referenced (the first time only); false when it is not theirs. */
    async claim(name: string, userId: number, at: number): Promise<boolean> {
      const claimed = await executor
        .updateTable('uploads')
        .set((eb) => ({ referenced_at: eb.fn.coalesce('referenced_at', eb.val(at)) }))
        .where('name', '=', name)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return claimed.numUpdatedRows === 1n;
    },

    async digestOf(name: string): Promise<string> {
      const row = await executor
        .selectFrom('uploads')
        .select('sha256')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.sha256;
    },

    /** Up to `limit` uploads nobody referenced, sent before `cutoff`. */
    async unreferencedBefore(cutoff: number, limit: number): Promise<string[]> {
      const rows = await executor
        .selectFrom('uploads')
        .select('name')
        .where('referenced_at', 'is', null)
        .where('created_at', '<', cutoff)
        .limit(limit)
        .execute();
      return rows.map((row) => row.name);
    },

    /** Deletes the row unless a claim came first; true when it is gone. */
    async removeUnreferenced(name: string): Promise<boolean> {
      const gone = await executor
        .deleteFrom('uploads')
        .where('name', '=', name)
        .where('referenced_at', 'is', null)
        .executeTakeFirst();
      return gone.numDeletedRows === 1n;
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
