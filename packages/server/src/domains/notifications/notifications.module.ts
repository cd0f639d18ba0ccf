import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { StoreTables } from '../../platform/db/database.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { NoticeTables, TraderNotices } from '../../platform/notify/trader-notices.ts';
import type { QuoteReader } from '../market/index.ts';
import type { UserRecord } from '../users/index.ts';
import { notificationPolicy } from './notification-policy.ts';
import { registerNotificationsRoutes } from './notifications.routes.ts';
import { createPushSender } from './push-sender.ts';
import { createPushSubscriptions } from './push-subscriptions.repository.ts';
import type { NotificationsTables } from './tables.ts';
import { loadVapidKeys } from './vapid-keys.ts';
import './notice-events.ts';

/**
 * Notifications that reach a trader wherever they are (issue 41): the rule that records what
 * an account's commands tell of in the notice outbox by the trader's choices, Web Push as the
 * outbox's push channel (the server's VAPID keys made once, kept with the data), the calls
 * for devices and choices. A commit's notices are sent by the node that sees it, at once.
 */
export const notificationsModule: AppModule<
  {
    db: Kysely<NotificationsTables & NoticeTables>;
    core: CommandCore;
    bus: Bus;
    notices: TraderNotices;
    /** Without a market (a node of the back office only), no account's commands tell anything. */
    market: Pick<QuoteReader, 'instrument'> | undefined;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    /** The users module's repository, bound to a command's transaction. */
    usersOn: (executor: Executor<StoreTables>) => {
      findById(id: number): Promise<UserRecord | undefined>;
    };
    pushSubject: string;
    pushServiceOrigins: readonly string[];
    pushCaFile: string | undefined;
    now: () => number;
  },
  { publicKey: string }
> = {
  name: 'notifications',
  async register(app, deps) {
    const { notices } = deps;
    const keys = await loadVapidKeys(deps.db, deps.now);
    const devices = createPushSubscriptions(deps.db);
    notices.useChannel(
      'push',
      createPushSender({
        devices,
        keys,
        subject: deps.pushSubject,
        extraCa: deps.pushCaFile && (await fs.readFile(deps.pushCaFile, 'utf8')),
        log: app.log,
      }),
    );
    if (deps.market)
      deps.core.use(notificationPolicy({ notices, market: deps.market, usersOn: deps.usersOn }));
    registerNotificationsRoutes(app, { ...deps, publicKey: () => keys.publicKey });
    let unsubscribe: (() => void) | undefined;
    return {
      api: { publicKey: keys.publicKey },
      start() {
        unsubscribe = deps.bus.subscribe('account.committed', async (commit) => {
          const keys = commit.events.flatMap((event) =>
            event.type === 'notices' ? event.keys : [],
          );
          // Not awaited: a slow push service must not hold the bus.
          if (keys.length > 0) void notices.deliver(...keys);
        });
      },
      stop() {
        unsubscribe?.();
      },
    };
  },
};
