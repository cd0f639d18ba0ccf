import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { type EngineOwnership, singleNode } from '../../platform/cluster/ownership.ts';
import type { AccountsOn } from '../../platform/core/accounts.repository.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MarketService } from '../market/index.ts';
import type { OrdersRepository, TradingService } from '../trading/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { createCopiesRepository } from './copies.repository.ts';
import { stopCopiesBeforeReset } from './copy-demo-reset.ts';
import { createCopyMirror } from './copy-mirror.ts';
import { copySignalPolicy } from './copy-signal-policy.ts';
import { createCopyStopLoss } from './copy-stop-loss.ts';
import { createCopyTradesRepository } from './copy-trades.repository.ts';
import { registerCopyingRoutes } from './copying.routes.ts';
import { createCopyingService } from './copying.service.ts';
import { createLeaderConsent } from './leader-consent.ts';
import { createLeaderSettingsRepository } from './leader-settings.repository.ts';
import { createSignalOutbox } from './signal-outbox.repository.ts';
import type { CopyingTables } from './tables.ts';

/**
 * Copy trading (issue 29): the rule that writes a leader's changes to the copy outbox in the
 * leader's own commands, the mirror that works it off onto the copies, the copy stop-loss
 * screen, and the follower's calls. Registered after trading: its rule must run after
 * trading's (a stop-out added before commit is signalled too), and it uses trading's steps.
 */
export interface CopyingDeps {
  db: Kysely<CopyingTables>;
  /** A trader's consent and its audit row commit together. */
  transact: Transact;
  core: CommandCore;
  bus: Bus;
  /** A copy start reads the leader's account under a share lock (the core's accounts). */
  accountsOn: AccountsOn;
  /** Leaders' names on a follower's copies. */
  users: Pick<UsersRepository, 'findById'>;
  /** Trading's orders: a late signal's leader order, a skipped order's instrument. */
  orders: Pick<OrdersRepository, 'find' | 'findMany'>;
  market: MarketService;
  trading: TradingService;
  /** The demo reset: a demo follower's copies stop before it. */
  accountsService: AccountsService;
  /** Whether the ranking has figures for a trader (the consent page says so). */
  isRanked: (userId: number) => boolean;
  authenticate: (token: string | null) => Promise<UserRecord | null>;
  onError: (error: unknown) => void;
  now: () => number;
  ownership?: EngineOwnership;
}

export const copyingModule: AppModule<CopyingDeps, ReturnType<typeof createCopyingParts>> = {
  name: 'copying',
  register(app, deps) {
    const parts = createCopyingParts(deps);
    registerCopyingRoutes(app, { ...parts, authenticate: deps.authenticate });
    let stops: (() => void)[] = [];
    return {
      api: parts,
      start() {
        stops = [parts.mirror.start(), parts.stopLoss.start()];
      },
      async stop() {
        for (const stop of stops) stop();
        await parts.mirror.idle();
      },
    };
  },
};

function createCopyingParts(deps: CopyingDeps) {
  const { core, bus, market, trading, orders, now, onError } = deps;
  const ownership = deps.ownership ?? singleNode;
  // The module's own tables, on its root database; commands bind theirs (ctx.repository).
  const copies = createCopiesRepository(deps.db);
  const signals = createSignalOutbox(deps.db);
  const steps = trading.copySteps;
  core.use(copySignalPolicy({ steps, market }));
  const mirroring = { steps, market };
  const mirror = createCopyMirror({
    core,
    bus,
    copies,
    signals,
    mirroring,
    orders,
    ownership,
    now,
    onError,
  });
  const stopLoss = createCopyStopLoss({ copies, core, steps, trading, ownership, onError });
  const copying = createCopyingService({
    core,
    shareLocks: deps.accountsOn,
    copies,
    trades: createCopyTradesRepository(deps.db),
    trading,
    market,
    orders,
    users: deps.users,
  });
  const consent = createLeaderConsent({
    settings: createLeaderSettingsRepository(deps.db),
    copies,
    transact: deps.transact,
    bus,
    now,
    isRanked: deps.isRanked,
  });
  stopCopiesBeforeReset({ core, steps, accountsService: deps.accountsService, copies });
  return { mirror, stopLoss, copying, consent };
}

export type CopyingParts = ReturnType<typeof createCopyingParts>;
