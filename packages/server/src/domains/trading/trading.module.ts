import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { type EngineOwnership, singleNode } from '../../platform/cluster/ownership.ts';
import type { AccountReads, AccountsOn } from '../../platform/core/accounts.repository.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { TopicOwner } from '../../platform/ws/gateway.ts';
import type { MarketService } from '../market/index.ts';
import type { UserRecord } from '../users/index.ts';
import { createAccountSnapshots } from './account-snapshot.ts';
import { secondCallLevel } from './margin-call.ts';
import { createOrderPages } from './order-pages.ts';
import { createOrdersRepository } from './orders.repository.ts';
import type { TradingTables } from './tables.ts';
import { registerTradingRoutes } from './trading.routes.ts';
import { createTradingService, type TradingService } from './trading.service.ts';
import { DEFAULT_MARGIN_CALL_LEVEL, type OrderCaps } from './trading-rules.ts';
import { createTradingTopics } from './trading-topics.ts';

/**
 * Orders and positions: the commands, the tick reactions that fire pending orders, TP/SL and
 * stop-out, the socket's FOREX_TRADE and FOREX_CLOSED, the trading calls. It starts watching
 * ticks once the app is ready and, at shutdown, stops and waits for the commands it started.
 */
export const tradingModule: AppModule<
  {
    /** The module's own tables, on the root database (pages, memory's start). */
    db: Kysely<TradingTables>;
    /** Memory's snapshots of an account: its row and its orders in one transaction. */
    transact: Transact;
    readSnapshot: Transact;
    core: CommandCore;
    bus: Bus;
    accounts: AccountReads;
    accountsOn: AccountsOn;
    market: MarketService;
    stopOutLevel: bigint;
    /** Margin level (10^-4) below which an account is in margin call; default 100 %. */
    marginCallLevel?: bigint;
    caps: OrderCaps;
    authenticate: (token: string | null) => Promise<UserRecord | null>;
    onError: (error: unknown) => void;
    now: () => number;
    /** Scale-out: which accounts this node fires triggers for (default: all of them). */
    ownership?: EngineOwnership;
    /** Scale-out: the bus came back; memory and socket views catch up from the database. */
    onReconnected?: (listener: () => void) => () => void;
  },
  { trading: TradingService; topics: TopicOwner }
> = {
  name: 'trading',
  register(app, deps) {
    const { market, bus } = deps;
    const snapshots = createAccountSnapshots(deps);
    const trading = createTradingService({
      ...deps,
      ownership: deps.ownership ?? singleNode,
      marginCallLevel: deps.marginCallLevel ?? DEFAULT_MARGIN_CALL_LEVEL,
      orders: createOrdersRepository(deps.db),
      pages: createOrderPages(deps.db),
      snapshots,
    });
    registerTradingRoutes(app, { trading: trading.deps, authenticate: deps.authenticate });
    let stopWatching: (() => void) | undefined;
    return {
      api: {
        trading,
        topics: createTradingTopics({
          bus,
          market,
          load: snapshots.load,
          now: deps.now,
          onReconnected: deps.onReconnected,
          marginCallLevel: deps.marginCallLevel ?? DEFAULT_MARGIN_CALL_LEVEL,
          secondLevel: secondCallLevel({
            stopOutLevel: deps.stopOutLevel,
            marginCallLevel: deps.marginCallLevel ?? DEFAULT_MARGIN_CALL_LEVEL,
          }),
        }),
      },
      async start() {
        stopWatching = await trading.start();
      },
      async stop() {
        stopWatching?.();
        await trading.idle();
      },
    };
  },
};
