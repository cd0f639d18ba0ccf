import { asPricePoints, type PricePoints } from '@tradedesk/engine';
import type { AccountCommand } from '../../platform/core/command-core.ts';
import type { AlertRecord } from './alert-record.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import { isCrossed } from './create-alert.ts';
import './alert-events.ts';

/** What a firing command found: done, or the alert no longer as memory had it. */
export type AlertOutcome = 'done' | 'stale';

/**
 * How far the price must move back past a repeating alert's level before it may fire again:
 * 0.1 % of the level, at least a point — so it never fires on every tick around the level.
 */
export function cooldownOf(level: PricePoints): PricePoints {
  const distance = level / 1_000n;
  return asPricePoints(distance > 0n ? distance : 1n);
}

/** The level at which a cooling alert is armed again: the cooldown back from its level. */
export function rearmLevel(alert: Pick<AlertRecord, 'condition' | 'price'>): PricePoints {
  const cooldown = cooldownOf(alert.price);
  return asPricePoints(
    alert.condition === 'above' ? alert.price - cooldown : alert.price + cooldown,
  );
}

/**
 * A price alert a tick crossed (memory fired it; the database decides). An armed alert the
 * tick's watched price is past fires once: a one-shot one is done, a repeating one cools
 * until the price moves back. The `alert` event carries it to the trader.
 */
export function fireAlertCommand(
  alertId: number,
  price: PricePoints,
): AccountCommand<AlertOutcome> {
  return {
    name: 'alert-fire',
    async run(ctx) {
      const alerts = ctx.repository(createAlertsRepository);
      const alert = await alerts.find(alertId);
      if (!alert || alert.userId !== ctx.accountId || alert.status !== 'armed') return 'stale';
      if (!isCrossed(alert, price)) return 'stale';
      const fired = await alerts.fire(alert, ctx.at);
      if (!fired) return 'stale';
      ctx.emit({ type: 'alert', change: 'fired', alert: fired, price });
      return 'done';
    },
  };
}

/** A cooling alert whose price moved back by the cooldown: armed again. */
export function rearmAlertCommand(alertId: number): AccountCommand<AlertOutcome> {
  return {
    name: 'alert-rearm',
    async run(ctx) {
      const alerts = ctx.repository(createAlertsRepository);
      const alert = await alerts.find(alertId);
      if (!alert || alert.userId !== ctx.accountId || alert.status !== 'cooling') return 'stale';
      const armed = await alerts.moveStatus(alert, 'cooling', 'armed');
      if (!armed) return 'stale';
      ctx.emit({ type: 'alert', change: 'rearmed', alert: armed });
      return 'done';
    },
  };
}
