import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { CopyingTables } from './tables.ts';

/** A trader's consent (their own choice) and an operator's hiding, as one row keeps them. */
export interface LeaderSettings {
  /** In the ranking, with a profile anyone can open. */
  listed: boolean;
  /** Open to new copies (only while listed). */
  copyable: boolean;
  /** When the trader last changed either; null: never (off by default). */
  consentAt: number | null;
  /** An operator hid the trader: out of the ranking and closed to new copies, whatever they chose. */
  hidden: boolean;
}

export const NO_SETTINGS: LeaderSettings = {
  listed: false,
  copyable: false,
  consentAt: null,
  hidden: false,
};

/** Whether strangers may see the trader now: listed by themselves, not hidden by an operator. */
export const isVisible = (settings: LeaderSettings): boolean => settings.listed && !settings.hidden;

/** Whether a new copy of the trader may start now. */
export const isCopyable = (settings: LeaderSettings): boolean =>
  isVisible(settings) && settings.copyable;

type Row = {
  user_id: number | bigint;
  listed: number | bigint;
  copyable: number | bigint;
  consent_at: number | bigint | null;
  hidden: number | bigint;
};

function toSettings(row: Row): LeaderSettings {
  const listed = toInt(row.listed) === 1;
  return {
    listed,
    copyable: listed && toInt(row.copyable) === 1,
    consentAt: row.consent_at === null ? null : toInt(row.consent_at),
    hidden: toInt(row.hidden) === 1,
  };
}

/**
 * `leader_settings`, owned by copy trading (issue 36), on the executor given: one row per
 * trader who chose or was hidden, none for everyone else (off, shown). Every change is a
 * compare-and-set on what was read, so two requests racing record one transition, never two.
 */
export function createLeaderSettingsRepository(executor: Executor<CopyingTables>) {
  const columns = ['user_id', 'listed', 'copyable', 'consent_at', 'hidden'] as const;

  /** The row exists afterwards (off and shown when new): every change is then an update. */
  async function ensureRow(userId: number, at: number): Promise<void> {
    await executor
      .insertInto('leader_settings')
      .values({ user_id: userId, hidden: 0, updated_at: at, listed: 0, copyable: 0 })
      // Two first changes at once: one inserts, the other finds the row.
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  return {
    async of(userId: number): Promise<LeaderSettings> {
      const row = await executor
        .selectFrom('leader_settings')
        .select(columns)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toSettings(row) : NO_SETTINGS;
    },

    /** The settings of many traders (those without a row are off and shown). */
    async ofMany(userIds: readonly number[]) {
      const found = new Map<number, LeaderSettings>();
      if (userIds.length === 0) return found;
      const rows = await executor
        .selectFrom('leader_settings')
        .select(columns)
        .where('user_id', 'in', [...new Set(userIds)])
        .execute();
      for (const row of rows) found.set(toInt(row.user_id), toSettings(row));
      return found;
    },

    /** Traders strangers may see: listed, not hidden. */
    async visible(): Promise<Set<number>> {
      const rows = await executor
        .selectFrom('leader_settings')
        .select('user_id')
        .where('listed', '=', 1)
        .where('hidden', '=', 0)
        .execute();
      return new Set(rows.map((row) => toInt(row.user_id)));
    },

    /** Every trader who chose or was hidden (the back office lists them). */
    async all(): Promise<Map<number, LeaderSettings>> {
      const rows = await executor.selectFrom('leader_settings').select(columns).execute();
      return new Map(rows.map((row) => [toInt(row.user_id), toSettings(row)]));
    },

    /** A trader new to the platform who is listed and copyable from the start (a sample trader). */
    async optIn(userId: number, at: number): Promise<void> {
      await executor
        .insertInto('leader_settings')
        .values({
          user_id: userId,
          hidden: 0,
          updated_at: at,
          listed: 1,
          copyable: 1,
          consent_at: at,
        })
        .execute();
    },

    /**
     * The trader's consent from `before` to `after`: true when this call made the change,
     * false when the row no longer held `before` (a concurrent change won) — nothing written.
     */
    async setConsent(
      userId: number,
      before: Pick<LeaderSettings, 'listed' | 'copyable'>,
      after: Pick<LeaderSettings, 'listed' | 'copyable'>,
      at: number,
    ): Promise<boolean> {
      await ensureRow(userId, at);
      const result = await executor
        .updateTable('leader_settings')
        .set({ listed: after.listed ? 1 : 0, copyable: after.copyable ? 1 : 0, consent_at: at })
        .where('user_id', '=', userId)
        .where('listed', '=', before.listed ? 1 : 0)
        .where('copyable', '=', before.copyable ? 1 : 0)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Hides or shows a trader: true only when the row changed from the other state — two
     * operators asking at once make one transition (the update's row lock orders them).
     */
    async setHidden(userId: number, hidden: boolean, at: number) {
      await ensureRow(userId, at);
      const result = await executor
        .updateTable('leader_settings')
        .set({ hidden: hidden ? 1 : 0, updated_at: at })
        .where('user_id', '=', userId)
        .where('hidden', '=', hidden ? 0 : 1)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type LeaderSettingsRepository = ReturnType<typeof createLeaderSettingsRepository>;
