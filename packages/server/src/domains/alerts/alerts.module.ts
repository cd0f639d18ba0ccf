import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { QuoteReader } from '../market/index.ts';
import type { UserRecord } from '../users/index.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import { registerAlertsRoutes } from './alerts.routes.ts';
import type { AlertsTables } from './tables.ts';

/**
 * Price alerts (issue 41): the trader's calls. Each change is a command on the trader's
 * account, so the cap holds under racing requests and the change reaches the bus.
 */
export const alertsModule: AppModule<{
  db: Kysely<AlertsTables>;
  core: CommandCore;
  market: Pick<QuoteReader, 'instrument' | 'quotePoints'>;
  authenticate: (token: string | null) => Promise<UserRecord | null>;
}> = {
  name: 'alerts',
  register(app, deps) {
    registerAlertsRoutes(app, { ...deps, alerts: createAlertsRepository(deps.db) });
    return { api: undefined };
  },
};
