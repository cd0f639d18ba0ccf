import type { Kysely } from 'kysely';
import type { AppModule } from '../../platform/app/module.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { type EngineOwnership, singleNode } from '../../platform/cluster/ownership.ts';
import type { AccountsRepository } from '../../platform/core/accounts.repository.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MarketService } from '../market/index.ts';
import type { TradingService } from '../trading/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import { createCopiesRepository } from './copies.repository.ts';
import { createCopyCommands } from './copy-commands.ts';
import { stopCopiesBeforeReset } from './copy-demo-reset.ts';
import { createCopyMirror } from './copy-mirror.ts';
import { copySignalPolicy, createSignalOutbox } from './copy-signals.ts';
import { createCopyStopLoss } from './copy-stop-loss.ts';
import { registerCopyingRoutes } from './copying.routes.ts';
import { createCopyingService } from './copying.service.ts';
import { createLeaderConsent } from './leader-consent.ts';

/**
 * Copy trading (issue 29): the rule that writes a leader's changes to the copy outbox in the
 * leader's own commands, the mirror that works it off onto the copies, the copy stop-loss
 * screen, and the follower's calls. Registered after trading: its rule must run after
 * trading's (a stop-out added before commit is signalled too), and it uses trading's steps.
 */
export interface CopyingDeps {
  db: Kysely<Database>;
  core: CommandCore;
  bus: Bus;
  accounts: AccountsRepository;
  users: UsersRepository;
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
  const ownership = deps.ownership ?? singleNode;
  const copies = createCopiesRepository(deps.db);
  const signals = createSignalOutbox(deps.db);
  const steps = deps.trading.copySteps;
  const commands = createCopyCommands({ steps, market: deps.market });
  deps.core.use(copySignalPolicy({ copies, signals, steps, market: deps.market }));
  const mirror = createCopyMirror({ ...deps, copies, signals, commands, ownership });
  const stopLoss = createCopyStopLoss({ ...deps, commands, ownership });
  const copying = createCopyingService({ ...deps, copies, signals, commands });
  const consent = createLeaderConsent({ ...deps, copies });
  stopCopiesBeforeReset({ ...deps, copies, commands });
  return { copies, signals, mirror, stopLoss, copying, consent };
}

export type CopyingParts = ReturnType<typeof createCopyingParts>;
