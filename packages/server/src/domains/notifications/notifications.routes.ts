import { ENDPOINTS, type Language, type NotificationSettings } from '@tradedesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../platform/http/app-error.ts';
import { registerEndpoint } from '../../platform/http/endpoint.ts';
import type { NoticeTables, TraderNotices } from '../../platform/notify/trader-notices.ts';
import type { UserRecord } from '../users/index.ts';
import {
  createNotificationSettings,
  type NoticeSettings,
} from './notification-settings.repository.ts';
import { isPushServiceEndpoint } from './push-endpoints.ts';
import { createPushSubscriptions } from './push-subscriptions.repository.ts';
import type { NotificationsTables } from './tables.ts';

/** The trader's notification calls (issue 41): push devices, choices, a test. */
export function registerNotificationsRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<NotificationsTables & NoticeTables>;
    notices: Pick<TraderNotices, 'record' | 'deliver'>;
    publicKey: () => string;
    pushServiceOrigins: readonly string[];
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    now: () => number;
  },
): void {
  const settings = createNotificationSettings(deps.db);
  const devices = createPushSubscriptions(deps.db);

  async function wireOf(userId: number): Promise<NotificationSettings> {
    const found = await settings.find(userId);
    return {
      kinds: found.choices,
      quiet_from: found.quietHours?.from ?? null,
      quiet_to: found.quietHours?.to ?? null,
      time_zone: found.timeZone,
      push_devices: await devices.countOf(userId),
    };
  }

  /** Keeps `changes` over the trader's settings, with the language their app is in now. */
  async function keep(userId: number, changes: Partial<NoticeSettings>, language: Language) {
    const found = await settings.find(userId);
    await settings.save(userId, { ...found, ...changes, language }, deps.now());
  }

  registerEndpoint(app, ENDPOINTS.pushKey, deps.authenticate, async () => ({
    public_key: deps.publicKey(),
  }));

  registerEndpoint(app, ENDPOINTS.pushSubscribe, deps.authenticate, async (c) => {
    const { endpoint, keys } = c.params;
    if (!isPushServiceEndpoint(endpoint, deps.pushServiceOrigins))
      throw new AppError('PUSH_ENDPOINT_REFUSED');
    await devices.save({ userId: c.user.id, endpoint, keys }, deps.now());
    // What the device shows is in the language its app is in.
    await keep(c.user.id, {}, c.language);
    return wireOf(c.user.id);
  });

  registerEndpoint(app, ENDPOINTS.pushUnsubscribe, deps.authenticate, async (c) => {
    await devices.remove(c.user.id, c.params.endpoint);
    return wireOf(c.user.id);
  });

  registerEndpoint(app, ENDPOINTS.notificationSettings, deps.authenticate, async (c) =>
    wireOf(c.user.id),
  );

  registerEndpoint(app, ENDPOINTS.notificationSettingsSave, deps.authenticate, async (c) => {
    const { kinds, quiet_from, quiet_to, time_zone } = c.params;
    if (((quiet_from ?? null) === null) !== ((quiet_to ?? null) === null))
      throw new AppError('BAD_REQUEST', { field: quiet_from ? 'quiet_to' : 'quiet_from' });
    const quietHours = quiet_from && quiet_to ? { from: quiet_from, to: quiet_to } : null;
    await keep(c.user.id, { choices: kinds, quietHours, timeZone: time_zone }, c.language);
    c.setMessage('notifications.saved');
    return wireOf(c.user.id);
  });

  registerEndpoint(app, ENDPOINTS.notificationTest, deps.authenticate, async (c) => {
    const at = deps.now();
    const count = await devices.countOf(c.user.id);
    if (count > 0) {
      const key = await deps.notices.record(deps.db, {
        key: `test:${c.user.id}:${at}`,
        userId: c.user.id,
        kind: 'push_test',
        language: c.language,
        channel: 'push',
      });
      await deps.notices.deliver(key);
    }
    c.setMessage(count > 0 ? 'notifications.test_sent' : 'notifications.no_devices');
    return { push_devices: count };
  });
}
