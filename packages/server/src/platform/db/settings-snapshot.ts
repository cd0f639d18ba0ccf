import type { Executor } from './executor.ts';

/** The operators' settings as one read saw them: a command decides on one consistent view. */
export interface SettingsSnapshot {
  get(key: string): string | undefined;
}

/** Reads the settings table whole (a few dozen rows) through the executor given. */
export async function readSettingsSnapshot(executor: Executor): Promise<SettingsSnapshot> {
  const rows = await executor.selectFrom('settings').select(['key', 'value']).execute();
  const values = new Map(rows.map((row) => [row.key, row.value]));
  return { get: (key) => values.get(key) };
}
