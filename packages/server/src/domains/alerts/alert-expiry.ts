import type { EngineOwnership } from '../../platform/cluster/ownership.ts';
import { createPartitionSweep } from '../../platform/cluster/partition-sweep.ts';
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
  return createPartitionSweep({
    ...deps,
    due: (now) => deps.alerts.dueToExpire(now, SWEEP_BATCH),
    commandOf: (alert) => expireAlertCommand(alert.id),
  });
}
