import type { Executor } from './executor.ts';
import type { SettingsTables } from './tables.ts';

/**
 * The operators' settings table (key → text value), owned here: the settings domain serves
 * them, the command core reads them whole, a domain changing some writes them in its
 * transaction (`scope.repository(createSettingsStore)`).
 */
export function createSettingsStore(executor: Executor<SettingsTables>) {
  return {
    /** Every setting (a few dozen rows). */
    async all(): Promise<Map<string, string>> {
      const rows = await executor.selectFrom('settings').select(['key', 'value']).execute();
      return new Map(rows.map((row) => [row.key, row.value]));
    },
    /** The settings of these keys that are set. */
    async some(keys: readonly string[]): Promise<Map<string, string>> {
      const rows = await executor
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'in', keys)
        .execute();
      return new Map(rows.map((row) => [row.key, row.value]));
    },
    async value(key: string): Promise<string | undefined> {
      const row = await executor
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },
    /** Writes settings (a key absent until now is added). */
    async write(values: Readonly<Record<string, string>>): Promise<void> {
      for (const [key, value] of Object.entries(values))
        await executor
          .insertInto('settings')
          .values({ key, value })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
          .execute();
    },
    /** Adds the keys that are missing; a value already there, an operator's change, stays. */
    async addMissing(values: Readonly<Record<string, string>>): Promise<void> {
      await executor
        .insertInto('settings')
        .values(Object.entries(values).map(([key, value]) => ({ key, value })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
