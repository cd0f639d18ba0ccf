import {
  asLots,
  asMicros,
  asPricePoints,
  type Lots,
  type Micros,
  type PricePoints,
  type Side,
} from '@tradedesk/engine';
import { decodeMessage, encodeMessage } from '../../platform/bus/bus.ts';
import type { OrderRecord } from '../trading/index.ts';

/** A leader's position opened (at market or a pending fill): what each copy opens in proportion. */
export interface OpenSignal {
  change: 'open';
  instrumentId: number;
  side: Side;
  lots: Lots;
  leverage: number;
  takeProfit: PricePoints;
  stopLoss: PricePoints;
  /** The tick the leader filled at: a copy fills at the same price. */
  bid: PricePoints;
  ask: PricePoints;
  /** The leader's equity right after the fill: the denominator of the proportion. */
  leaderEquity: Micros;
  /** A copy starting with copy_open: the position opens at the price of when it is copied. */
  atMarket: boolean;
}

export interface CloseSignal {
  change: 'close';
  /** The leader's close price: the copy closes at the same one. */
  price: PricePoints;
}

export interface StopsSignal {
  change: 'stops';
  takeProfit: PricePoints;
  stopLoss: PricePoints;
}

/**
 * Part of a leader's position closed (issue 40): each copy closes the same fraction of its
 * own, `lots` of `wholeLots`, at the leader's price. The signal's leader order is the closed
 * part's own row, so a copy takes each partial close once.
 */
export interface PartSignal {
  change: 'part';
  /** The leader's position the part was taken from (the order the copies mirror). */
  positionId: number;
  lots: Lots;
  wholeLots: Lots;
  price: PricePoints;
}

/** A leader's trailing stop set or removed: the copy's stop trails the same way. */
export interface TrailingSignal {
  change: 'trailing';
  distance: PricePoints;
  activation: PricePoints;
  stopLoss: PricePoints;
}

export type CopySignal = OpenSignal | CloseSignal | StopsSignal | PartSignal | TrailingSignal;

/** The changes a signal carries, as copy_outbox.change stores them. */
export const SIGNAL_CHANGE = {
  open: 'open',
  close: 'close',
  stops: 'stops',
  part: 'part',
  trailing: 'trailing',
} as const satisfies { [C in CopySignal['change']]: C };

/**
 * Where a signal stands after an attempt (issue 36): worked off (its row deleted), due again
 * after the back-off (a later next_attempt_at, the leader's later signals waiting behind it),
 * or set aside after its last attempt (set_aside_at, until an operator puts it back).
 */
export const SIGNAL_OUTCOME = { done: 'done', retry: 'retry', setAside: 'set-aside' } as const;
export type SignalOutcome = (typeof SIGNAL_OUTCOME)[keyof typeof SIGNAL_OUTCOME];

/** A signal as the copy outbox holds it. */
export interface SignalRow {
  id: number;
  leaderId: number;
  leaderOrderId: number;
  /** Only this copy (copy_open at its start); null for every copy of the leader. */
  copyId: number | null;
  signal: CopySignal;
}

/** A signal as the mirror reads it from the outbox: still encoded, with its attempts so far. */
export interface WaitingSignal extends Omit<SignalRow, 'signal'> {
  payload: string;
  attempts: number;
}

/**
 * The fields the encoder before issue 36 wrote as bare decimal text. Frozen: signals are
 * written with the bus's encoder now, and this only reads rows an upgraded database still
 * holds from before.
 */
const LEGACY_BIGINT_FIELDS = [
  'lots',
  'takeProfit',
  'stopLoss',
  'bid',
  'ask',
  'leaderEquity',
  'price',
];

const CHANGES: readonly string[] = Object.values(SIGNAL_CHANGE);

/** A signal as outbox text: the bus's encoding, whose tagged bigints keep money exact. */
export function encodeSignal(signal: CopySignal): string {
  return encodeMessage(signal);
}

export function decodeSignal(text: string): CopySignal {
  const raw = decodeMessage<Record<string, unknown>>(text);
  if (raw === null || typeof raw !== 'object' || !CHANGES.includes(String(raw.change)))
    throw new Error(`not a copy signal: ${text.slice(0, 100)}`);
  for (const field of LEGACY_BIGINT_FIELDS)
    if (typeof raw[field] === 'string') raw[field] = BigInt(raw[field] as string);
  const signal = raw as unknown as CopySignal;
  if (signal.change === SIGNAL_CHANGE.open) {
    signal.lots = asLots(signal.lots);
    signal.leaderEquity = asMicros(signal.leaderEquity);
  }
  if (signal.change === SIGNAL_CHANGE.part) {
    signal.lots = asLots(signal.lots);
    signal.wholeLots = asLots(signal.wholeLots);
  }
  return signal;
}

/** The tick a position opened at, rebuilt around its open price with the current spread. */
export function fillQuote(
  order: Pick<OrderRecord, 'side' | 'openPrice'>,
  spread: bigint,
): { bid: PricePoints; ask: PricePoints } {
  const open = order.openPrice!;
  return order.side === 'buy'
    ? { ask: open, bid: asPricePoints(open - spread > 0n ? open - spread : 1n) }
    : { bid: open, ask: asPricePoints(open + spread) };
}
