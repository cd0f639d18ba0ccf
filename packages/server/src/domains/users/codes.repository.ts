import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { CodeChannel, CodePurposeName } from '../../platform/notify/notifier.ts';
import type { UsersTables } from './tables.ts';

/** Verification codes, stored hashed, on the executor it is built on. */
export function createCodesRepository(executor: Executor<UsersTables>) {
  return {
    /** When the destination was last sent a code, if ever. */
    async lastSentAt(destination: string): Promise<number | null> {
      const row = await executor
        .selectFrom('verification_codes')
        .select('created_at')
        .where('destination', '=', destination)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toInt(row.created_at) : null;
    },
    /** A new code; answers its id. */
    async insert(code: {
      channel: CodeChannel;
      destination: string;
      purpose: CodePurposeName;
      codeHash: string;
      createdAt: number;
      expiresAt: number;
    }): Promise<number> {
      const inserted = await executor
        .insertInto('verification_codes')
        .values({
          channel: code.channel,
          destination: code.destination,
          purpose: code.purpose,
          code_hash: code.codeHash,
          created_at: code.createdAt,
          expires_at: code.expiresAt,
          consumed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return toInt(inserted.id);
    },
    async remove(id: number): Promise<void> {
      await executor.deleteFrom('verification_codes').where('id', '=', id).execute();
    },
    /** The newest code of the destination and purpose still usable at `at`. */
    async newestLive(
      destination: string,
      purpose: CodePurposeName,
      at: number,
    ): Promise<{ id: number; codeHash: string } | undefined> {
      const live = await executor
        .selectFrom('verification_codes')
        .select(['id', 'code_hash'])
        .where('destination', '=', destination)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return live && { id: toInt(live.id), codeHash: live.code_hash };
    },
    /** Uses a code, once: false when it was used already (by someone else, in the meantime). */
    async consume(id: number, at: number): Promise<boolean> {
      const result = await executor
        .updateTable('verification_codes')
        .set({ consumed_at: at })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
