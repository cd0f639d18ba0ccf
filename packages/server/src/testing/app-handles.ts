import type { BuiltApp } from '../app.ts';
import { alertsModule } from '../domains/alerts/index.ts';
import { copyingModule } from '../domains/copying/index.ts';
import { marketModule } from '../domains/market/market.module.ts';
import { rankingModule } from '../domains/ranking/ranking.module.ts';
import { tradingModule } from '../domains/trading/trading.module.ts';
import { uploadsModule } from '../domains/uploads/uploads.module.ts';
import { nodeResourcesModule } from '../node-resources.module.ts';
import { commandCoreModule } from '../platform/core/command-core.module.ts';
import { databaseModule } from '../platform/db/database.module.ts';
import { traderNoticesModule } from '../platform/notify/trader-notices.module.ts';
import { gatewayModule } from '../platform/ws/gateway.module.ts';

/** A module every app adds: asking for it cannot come back empty. */
function always<T>(api: T | undefined, name: string): T {
  if (api === undefined) throw new Error(`the app has no ${name} module`);
  return api;
}

/**
 * The parts of a built app that tests reach for, each asked of the composition by its module
 * (issue 38: the app itself exports no handle only tests use).
 */
export function handlesOf(built: BuiltApp) {
  const { apiOf } = built;
  const node = always(apiOf(nodeResourcesModule), 'node-resources');
  const uploads = always(apiOf(uploadsModule), 'uploads');
  const notices = always(apiOf(traderNoticesModule), 'trader-notices');
  return {
    store: always(apiOf(databaseModule), 'database').store,
    core: always(apiOf(commandCoreModule), 'command-core').core,
    bus: node.bus,
    hasher: node.hasher,
    imageWork: node.imageWork,
    market: apiOf(marketModule)?.market,
    /** The socket's market topics (tests count the board's serializations). */
    marketTopics: apiOf(marketModule)?.topics,
    trading: apiOf(tradingModule)?.trading,
    /** Price alerts' watch (tests wait for its commands). */
    alerts: apiOf(alertsModule),
    gateway: apiOf(gatewayModule),
    /** The ranking and its sample traders (tests refresh the figures and await the replay). */
    ranking: always(apiOf(rankingModule), 'ranking'),
    /** Copy trading: the mirror and the copy stop-loss (tests wait for and count them). */
    copying: apiOf(copyingModule),
    /** Removes uploads nobody referenced for a day (also run hourly by a timer). */
    sweepUploads: () => uploads.sweep(),
    /** Sends the trader notices that are due (also run every few seconds by a timer). */
    deliverNotices: () => notices.deliverDue(),
  };
}

export type AppHandles = ReturnType<typeof handlesOf>;

/** The built app with its handles beside it. */
export const withHandles = (built: BuiltApp): BuiltApp & AppHandles => ({
  ...built,
  ...handlesOf(built),
});
