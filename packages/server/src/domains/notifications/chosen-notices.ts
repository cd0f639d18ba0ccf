import { type NoticeKind, normalizeLanguage } from '@tradedesk/contract';
import type { Executor } from '../../platform/db/executor.ts';
import type { NoticeTables, TraderNotices } from '../../platform/notify/trader-notices.ts';
import {
  createNotificationSettings,
  type NoticeSettings,
} from './notification-settings.repository.ts';
import { createPushSubscriptions } from './push-subscriptions.repository.ts';
import { deliveryOf } from './quiet-hours.ts';
import type { NotificationsTables } from './tables.ts';

/** A notice to route by the trader's choices. */
export interface ChosenNotice {
  key: string;
  userId: number;
  kind: NoticeKind;
  /** Its text's name: `mail.<name>_subject|body`. */
  name: string;
  vars: Record<string, string | number>;
  /** The language of the request behind it, if any: the trader's own setting comes first. */
  language?: string;
}

/**
 * Records notices in the transaction of what they tell of (so they exist exactly when it
 * does), each by the trader's choices: a push row when push is on for its kind and the trader
 * has a device, an e-mail row when e-mail is on; quiet hours hold price alerts. Answers the
 * keys recorded, for sending after commit.
 */
/** A transaction that records notices by choice: the outbox's tables and this module's. */
export type ChoiceExecutor = Executor<NotificationsTables & NoticeTables>;

export function createChosenNotices(trx: ChoiceExecutor, notices: Pick<TraderNotices, 'record'>) {
  const settings = createNotificationSettings(trx);
  const devices = createPushSubscriptions(trx);
  return {
    async record(list: readonly ChosenNotice[], at: number): Promise<string[]> {
      const keys: string[] = [];
      // Read once per trader of the batch: their choices, and whether a device takes push.
      const byUser = new Map<number, { chosen: NoticeSettings; hasDevice: boolean }>();
      for (const notice of list) {
        let reader = byUser.get(notice.userId);
        if (!reader) {
          const chosen = await settings.find(notice.userId);
          reader = { chosen, hasDevice: (await devices.countOf(notice.userId)) > 0 };
          byUser.set(notice.userId, reader);
        }
        const { chosen } = reader;
        const delivery = deliveryOf(chosen, notice.kind, at);
        const base = {
          userId: notice.userId,
          kind: notice.name,
          vars: notice.vars,
          language: chosen.language ?? normalizeLanguage(notice.language),
        };
        if (delivery.push && reader.hasDevice)
          keys.push(
            await notices.record(trx, { ...base, key: `${notice.key}:push`, channel: 'push' }),
          );
        if (delivery.email) keys.push(await notices.record(trx, { ...base, key: notice.key }));
      }
      return keys;
    },
  };
}
