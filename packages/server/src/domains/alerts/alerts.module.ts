import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { type EngineOwnership, singleNode } from '../../platform/cluster/ownership.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { TopicOwner } from '../../platform/ws/gateway.ts';
import type { QuotePort } from '../market/index.ts';
import type { UserRecord } from '../users/index.ts';
import { createAlertExpiry } from './alert-expiry.ts';
import { createAlertTopic } from './alert-topic.ts';
import { type AlertWatch, createAlertWatch } from './alert-watch.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import { registerAlertsRoutes } from './alerts.routes.ts';
import type { AlertsTables } from './tables.ts';

/**
 * Price alerts (issue 41): the trader's calls, each change a command on the trader's account
 * (the cap holds under racing requests, and the change reaches the bus); the watch that fires
 * them from the ticks on the node owning each account's partition; ALERT on the socket.
 */
export const alertsModule: AppModule<
  {
    db: Kysely<AlertsTables>;
    core: CommandCore;
    bus: Bus;
    market: Pick<QuotePort, 'instrument' | 'quotePoints' | 'onUpdate' | 'isOpen'>;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    onError: (error: unknown) => void;
    /** Scale-out: whose alerts this node fires (default: all of them). */
    ownership?: EngineOwnership;
    now: () => number;
  },
  { topic: TopicOwner; watch: AlertWatch; expireDue: () => Promise<number> }
> = {
  name: 'alerts',
  register(app, deps) {
    const alerts = createAlertsRepository(deps.db);
    registerAlertsRoutes(app, { ...deps, alerts });
    const ownership = deps.ownership ?? singleNode;
    const watch = createAlertWatch({ ...deps, alerts, ownership });
    const expiry = createAlertExpiry({ ...deps, alerts, ownership });
    let stopWatching: (() => void) | undefined;
    let stopExpiring: (() => void) | undefined;
    return {
      api: { topic: createAlertTopic(deps.bus, deps.market), watch, expireDue: expiry.sweep },
      async start() {
        stopWatching = await watch.start();
        stopExpiring = expiry.start();
      },
      async stop() {
        stopExpiring?.();
        stopWatching?.();
        await watch.idle();
      },
    };
  },
};
