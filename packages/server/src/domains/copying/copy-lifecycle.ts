import { COPY_STATUS, type CopyStatus } from '@tradedesk/contract';
import { canApply, type Transition } from '../../platform/core/lifecycle.ts';

/**
 * A copy's lifecycle as a table (STYLE.md, like orders' and withdrawals'): every step names the
 * states it leaves and the one it enters; the repository's conditional updates take their
 * `from` from here, so a step that raced another changes no row. The states are stored as the
 * contract's names (text), which the table's CHECK constraint lists.
 *
 * A copy starts active in the transaction that moves its money (no state before that); it may
 * pause and resume; it stops once — by the follower, its copy stop-loss, or a demo reset.
 */
export const COPY = {
  start: { from: [], to: COPY_STATUS.active },
  pause: { from: [COPY_STATUS.active], to: COPY_STATUS.paused },
  resume: { from: [COPY_STATUS.paused], to: COPY_STATUS.active },
  stop: { from: [COPY_STATUS.active, COPY_STATUS.paused], to: COPY_STATUS.stopped },
} as const satisfies Record<string, Transition<CopyStatus>>;

/**
 * Copies that follow their leader: closes and TP/SL changes reach them (opens while active),
 * and money may move in or out.
 */
export const RUNNING_STATES: readonly CopyStatus[] = COPY.stop.from;

/** Whether the copy follows its leader now (active or paused). */
export const isRunning = (copy: { status: CopyStatus }): boolean =>
  canApply(COPY.stop, copy.status);

/** Whether the copy takes the leader's new trades (paused: skipped, with the reason). */
export const takesNewTrades = (copy: { status: CopyStatus }): boolean =>
  canApply(COPY.pause, copy.status);

/**
 * What a copy did with one leader order (copy_trades.status): mirrored it as an order of its
 * own, or skipped it with the reason. Written once per (copy, leader order), never changed.
 */
export const COPY_TRADE = { mirrored: 'mirrored', skipped: 'skipped' } as const;
