import { ORDER_STATUSES } from '@tradedesk/contract';
import type { LedgerKind } from '@tradedesk/engine';
import { canApply, statusCodec, type Transition } from '../../platform/core/lifecycle.ts';

/** An order's states, as the contract names them (history: closed or cancelled). */
export type OrderState = keyof typeof ORDER_STATUSES;

/** The states by name: a comparison names the state it means (`ORDER_STATE.history`). */
export const ORDER_STATE = {
  pending: 'pending',
  holding: 'holding',
  history: 'history',
} as const satisfies { [S in OrderState]: S };

/** Numbers of the states: for the repository (database) and the wire mapping only. */
export const orderStatus = statusCodec(ORDER_STATUSES);

/**
 * A step of an order with what it does to the account beside it: the kinds of the ledger rows
 * the engine computes for it, and how it moves lock_balance (a pending order's reserve is held
 * there from placement until it fills or leaves).
 */
export interface OrderTransition extends Transition<OrderState> {
  readonly ledger: readonly LedgerKind[];
  readonly lock: 'hold-reserve' | 'release-reserve' | 'none';
}

/**
 * A market order opens holding; a pending order waits with its reserve held, then fills
 * (holding) or is cancelled (history); a holding position closes (history). Stop-out cancels
 * and closes with the same steps; its protection row rides on the last close.
 */
export const ORDER = {
  open: { from: [], to: 'holding', ledger: ['margin', 'fee'], lock: 'none' },
  place: { from: [], to: 'pending', ledger: ['reserve'], lock: 'hold-reserve' },
  fill: {
    from: ['pending'],
    to: 'holding',
    ledger: ['reserve-release', 'margin', 'fee'],
    lock: 'release-reserve',
  },
  setStops: { from: ['holding'], to: 'holding', ledger: [], lock: 'none' },
  /** A pending order moved: its reserve recomputed, the difference held or released. */
  modify: {
    from: ['pending'],
    to: 'pending',
    ledger: ['reserve', 'reserve-release'],
    lock: 'hold-reserve',
  },
  /** Part of a position closed: that part's margin back and its P&L realised. */
  closePart: {
    from: ['holding'],
    to: 'holding',
    ledger: ['margin-release', 'pnl'],
    lock: 'none',
  },
  close: { from: ['holding'], to: 'history', ledger: ['margin-release', 'pnl'], lock: 'none' },
  cancel: {
    from: ['pending'],
    to: 'history',
    ledger: ['reserve-release'],
    lock: 'release-reserve',
  },
} as const satisfies Record<string, OrderTransition>;

/** The orders the engine watches and the account's figures count: pending and holding. */
export const LIVE_ORDER_STATES = ['pending', 'holding'] as const satisfies readonly OrderState[];

/** A pending order: its reserve is held, its fill watched. */
export const isPending = (order: { status: OrderState }): boolean =>
  canApply(ORDER.fill, order.status);
/** An open position: its margin is held, its take profit and stop loss watched. */
export const isHolding = (order: { status: OrderState }): boolean =>
  canApply(ORDER.close, order.status);
/** Closed or cancelled: in the history list, never to change again. */
export const isFinished = (order: { status: OrderState }): boolean =>
  order.status === ORDER_STATE.history;

/** What a submit's `status` asks for (SPEC.md §4: 1 market, 0 pending). */
export const submitKind = (status: 0 | 1): 'market' | 'pending' =>
  orderStatus.stateOf(status) === ORDER_STATE.pending ? 'pending' : 'market';
