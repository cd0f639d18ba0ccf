import type { Bus } from '../bus/bus.ts';
import type { Executor } from './executor.ts';
import { createSettingsStore } from './settings-store.ts';
import type { SettingsTables } from './tables.ts';

/** The operators' settings as one read saw them: a command decides on one consistent view. */
export interface SettingsSnapshot {
  get(key: string): string | undefined;
}

declare module '../bus/bus.ts' {
  interface BusTopics {
    /** The settings table changed (an operator saved settings); published after commit. */
    'settings.changed': Record<string, never>;
  }
}

/** Reads the settings table whole (a few dozen rows) through the executor given. */
export async function readSettingsSnapshot(
  executor: Executor<SettingsTables>,
): Promise<SettingsSnapshot> {
  const values = await createSettingsStore(executor).all();
  return { get: (key) => values.get(key) };
}

/**
 * The settings as this node last read them, read again after 'settings.changed' (from any
 * node, once the bus spans them): orders do not read the table one by one (issue 27), and a
 * change an operator saved applies from the next command on. The first read after a change
 * goes through the asking command's transaction, so it never leaves the command's lock.
 */
export function createSettingsCache(bus: Bus) {
  let current: Promise<SettingsSnapshot> | undefined;
  // A change forgets the read, even one still under way: the next command reads again.
  bus.subscribe('settings.changed', () => {
    current = undefined;
  });
  return {
    snapshot(executor: Executor<SettingsTables>): Promise<SettingsSnapshot> {
      if (current) return current;
      const reading = readSettingsSnapshot(executor);
      current = reading;
      // A failed read is not remembered.
      reading.catch(() => {
        if (current === reading) current = undefined;
      });
      return reading;
    },
  };
}

export type SettingsCache = ReturnType<typeof createSettingsCache>;
