import type { Micros } from '@tradedesk/engine';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import type { CommandCore } from '../../platform/core/command-core.ts';
import { isAppError } from '../../platform/http/app-error.ts';
import type { CopySteps, TradingService } from '../trading/index.ts';
import type { CopiesRepository } from './copies.repository.ts';
import { stopCopy, stopEquity } from './copy-stop.ts';

/** How often the screen looks (a tick batch is 100 ms; a copy stop-loss is not a race). */
const SCREEN_MS = 250;
/** How often the list of running copies and their levels is read again. */
const REFRESH_MS = 2_000;

interface Watched {
  id: number;
  accountId: number;
  followerId: number;
  level: Micros;
}

/**
 * The copy stop-loss (issue 29): memory screens each running copy's equity at the current
 * quotes against its level, and a copy at or below it gets the stop command — which decides
 * on what the database holds, closes the copy's positions and returns its equity. Only
 * accounts of this node's partitions are screened; a second node's stop finds the copy stopped.
 */
export function createCopyStopLoss(deps: {
  /** On the module's root database. */
  copies: Pick<CopiesRepository, 'running'>;
  core: CommandCore;
  steps: CopySteps;
  trading: Pick<TradingService, 'equityInMemory'>;
  ownership: EngineOwnership;
  onError: (error: unknown) => void;
}) {
  let watched: Watched[] = [];
  const stopping = new Set<number>();
  let stops = 0;

  async function refresh(): Promise<void> {
    watched = (await deps.copies.running()).map((copy) => ({
      id: copy.id,
      accountId: copy.accountId,
      followerId: copy.followerId,
      level: stopEquity(copy),
    }));
  }

  function stop(copy: Watched): void {
    stopping.add(copy.id);
    stopCopy(deps, copy, 'copy-stop-loss')
      .then((returned) => {
        if (returned !== null) stops += 1;
      })
      // Outside a position's session there is no price to close at: the next look tries again.
      .catch((error: unknown) => {
        if (!isAppError(error)) deps.onError(error);
      })
      .finally(() => stopping.delete(copy.id));
  }

  /** One look at every watched copy this node owns. */
  function screen(): void {
    for (const copy of watched) {
      if (stopping.has(copy.id) || !deps.ownership.owns(copy.accountId)) continue;
      const equity = deps.trading.equityInMemory(copy.accountId);
      if (equity !== undefined && equity <= copy.level) stop(copy);
    }
  }

  return {
    refresh,
    screen,
    stops: () => stops,
    start(): () => void {
      void refresh().catch(deps.onError);
      const refreshing = setInterval(() => void refresh().catch(deps.onError), REFRESH_MS);
      const screening = setInterval(screen, SCREEN_MS);
      refreshing.unref();
      screening.unref();
      return () => {
        clearInterval(refreshing);
        clearInterval(screening);
      };
    },
  };
}
