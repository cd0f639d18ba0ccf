import { LeaseLostError } from '../../platform/cluster/leases.ts';
import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import type { AccountCommand, CommandCore } from '../../platform/core/command-core.ts';
import type { AlertOutcome } from './alert-firing.ts';
import { type AlertsRepository, createAlertsRepository } from './alerts.repository.ts';
import './alert-events.ts';

/** An alert past its expiry stops watching: decided on the database, so once. */
export function expireAlertCommand(alertId: number): AccountCommand<AlertOutcome> {
  return {
    name: 'alert-expire',
    async run(ctx) {
      const alerts = ctx.repository(createAlertsRepository);
      const alert = await alerts.find(alertId);
      if (!alert || alert.userId !== ctx.accountId) return 'stale';
      if (alert.status !== 'armed' && alert.status !== 'cooling') return 'stale';
      if (alert.expireAt === null || alert.expireAt > ctx.at) return 'stale';
      const expired = await alerts.moveStatus(alert, alert.status, 'expired');
      if (!expired) return 'stale';
      ctx.emit({ type: 'alert', change: 'expired', alert: expired });
      return 'done';
    },
  };
}

/** Alerts one sweep expires at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/** The sweep that expires alerts on time, each node those of the accounts it follows. */
export function createAlertExpiry(deps: {
  core: CommandCore;
  alerts: Pick<AlertsRepository, 'dueToExpire'>;
  ownership: EngineOwnership;
  now: () => number;
  onError: (error: unknown) => void;
}) {
  const { core, ownership } = deps;
  async function sweep(): Promise<number> {
    let expired = 0;
    for (const { id, userId } of await deps.alerts.dueToExpire(deps.now(), SWEEP_BATCH)) {
      if (!ownership.owns(userId)) continue;
      try {
        const outcome = await core.execute(userId, expireAlertCommand(id), {
          fence: ownership.fence(userId),
        });
        if (outcome === 'done') expired += 1;
      } catch (error) {
        if (error instanceof LeaseLostError) ownership.noteFenced();
        else deps.onError(error);
      }
    }
    return expired;
  }
  return {
    sweep,
    /** Sweeps every `everyMs` until stopped; a sweep never overlaps the one before. */
    start(everyMs = 1_000): () => void {
      let running: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        running = running.then(sweep).catch(deps.onError);
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
