import type { Copy } from '@tradedesk/contract';
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

/** USD with its code, grouped: "1,250.00 USD". */
export function formatUsd(value: number): string {
  return `${formatMoney(value)} USD`;
}

/** A drawdown reads as a fall: red once there was one. */
export function drawdownTrend(percent: number): 'down' | undefined {
  return percent > 0 ? 'down' : undefined;
}

/** Whether the follower can still act on a copy (a stopped copy is history). */
export function isRunning(copy: Pick<Copy, 'status'>): boolean {
  return copy.status !== 'stopped';
}
