import type { Alert, AlertPush } from '@tradedesk/contract';

/** A price alert that fired, as the notice list shows it beside the closes. */
export interface AlertNotice {
  /** The firing, named as the push names it (`alert:12:3`, its third): one entry each. */
  readonly key: string;
  readonly alert: Alert;
  /** The price that crossed the level: a push says it, the list of alerts does not. */
  readonly crossed: number | null;
  /** When it fired, epoch ms (the server's clock, as the closes'). */
  readonly at: number;
}

const firingKey = (alert: Pick<Alert, 'id' | 'fired_count'>) =>
  `alert:${alert.id}:${alert.fired_count}`;

/** The notice of an ALERT push; `receivedAt` stands in for a firing time it lacks. */
export function alertNoticeFromPush(push: AlertPush, receivedAt: number): AlertNotice {
  return {
    key: push.key,
    alert: push.alert,
    crossed: push.price,
    at: push.alert.last_fired_at ?? receivedAt,
  };
}

/**
 * This session's firings with the last firing of each alert the server lists (those of
 * while the app was shut among them), one entry per firing — the push's, which says the price
 * that crossed — newest first.
 */
export function mergeAlertNotices(
  live: readonly AlertNotice[],
  alerts: readonly Alert[] | undefined,
): AlertNotice[] {
  const byKey = new Map<string, AlertNotice>();
  for (const alert of alerts ?? []) {
    if (alert.last_fired_at === null) continue;
    const key = firingKey(alert);
    byKey.set(key, { key, alert, crossed: null, at: alert.last_fired_at });
  }
  for (const notice of live) byKey.set(notice.key, notice);
  return [...byKey.values()].sort((a, b) => b.at - a.at);
}
