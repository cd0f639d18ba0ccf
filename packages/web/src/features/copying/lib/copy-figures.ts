import { COPY_STATUS, type Copy } from '@tradedesk/contract';
import { isolateLtr } from '../../../lib/bidi.ts';
import { formatMoney, formatPercent, formatSignedPercent } from '../../../lib/format.ts';

/** Display formatting of copy-trading figures: shown, never computed with. */

/** A return (time-weighted, a month's, a copy's P&L rate), signed: "+4.40%", "-12.06%". */
export function formatReturn(percent: number): string {
  return formatSignedPercent(percent);
}

/** A share or a drawdown (% of the equity peak, 0–100): "23.50%". */
export function formatShare(percent: number): string {
  return formatPercent(percent);
}

/**
 * USD with its code, grouped: "1,250.00 USD", the amount and its code one left-to-right unit
 * (in Arabic the code would otherwise jump to the other side of the number).
 */
export function formatUsd(value: number): string {
  return isolateLtr(`${formatMoney(value, 'en')} USD`);
}

/** What the copy stop-loss lets the copy lose, as a fall: "−40%". */
export function formatStopLossFall(rate: number): string {
  return isolateLtr(`−${rate}%`);
}

/** A whole percentage such as the copy stop-loss rate: "40%". */
export function formatWholePercent(rate: number): string {
  return isolateLtr(`${rate}%`);
}

/** A drawdown reads as a fall: red once there was one. */
export function drawdownTrend(percent: number): 'down' | undefined {
  return percent > 0 ? 'down' : undefined;
}

/** Whether the follower can still act on a copy (a stopped copy is history). */
export function isRunning(copy: Pick<Copy, 'status'>): boolean {
  return copy.status !== COPY_STATUS.stopped;
}
