import {
  DEFAULT_NOTICE_CHOICES,
  type Language,
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  type NoticeChoices,
} from '@tradedesk/contract';
import type { Executor } from '../../platform/db/executor.ts';
import type { NotificationsTables } from './tables.ts';

/** A trader's notification settings as the server uses them. */
export interface NoticeSettings {
  choices: NoticeChoices;
  quietHours: { from: string; to: string } | null;
  timeZone: string;
  /** Null until the trader set anything or turned push on: the notice's own language then. */
  language: Language | null;
}

export const DEFAULT_SETTINGS: NoticeSettings = {
  choices: DEFAULT_NOTICE_CHOICES,
  quietHours: null,
  timeZone: 'UTC',
  language: null,
};

/** Stored choices over the defaults: a kind added later starts with its default. */
function choicesOf(json: string): NoticeChoices {
  const stored = JSON.parse(json) as Partial<Record<string, Partial<Record<string, boolean>>>>;
  const choices = structuredClone(DEFAULT_NOTICE_CHOICES);
  for (const kind of NOTICE_KINDS)
    for (const channel of NOTICE_CHANNELS) {
      const value = stored[kind]?.[channel];
      if (typeof value === 'boolean') choices[kind][channel] = value;
    }
  return choices;
}

/** Traders' notification settings; a trader without a row has the defaults. */
export function createNotificationSettings(executor: Executor<NotificationsTables>) {
  return {
    async find(userId: number): Promise<NoticeSettings> {
      const row = await executor
        .selectFrom('notification_settings')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return DEFAULT_SETTINGS;
      return {
        choices: choicesOf(row.choices),
        quietHours:
          row.quiet_from && row.quiet_to ? { from: row.quiet_from, to: row.quiet_to } : null,
        timeZone: row.time_zone,
        language: row.language as Language,
      };
    },

    async save(
      userId: number,
      settings: NoticeSettings & { language: Language },
      at: number,
    ): Promise<void> {
      const values = {
        choices: JSON.stringify(settings.choices),
        quiet_from: settings.quietHours?.from ?? null,
        quiet_to: settings.quietHours?.to ?? null,
        time_zone: settings.timeZone,
        language: settings.language,
        updated_at: at,
      };
      await executor
        .insertInto('notification_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },
  };
}

export type NotificationSettingsStore = ReturnType<typeof createNotificationSettings>;
