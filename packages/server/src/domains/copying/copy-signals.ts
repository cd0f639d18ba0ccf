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
import type { CommandContext, CommandPolicy } from '../../platform/core/command-core.ts';
import { isLastAttempt, retryDelay } from '../../platform/core/retry-policy.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { toInt } from '../../platform/db/schema.ts';
import type { QuoteReader } from '../market/index.ts';
import type { CopySteps, OrderRecord } from '../trading/index.ts';
import type { CopiesRepository } from './copies.repository.ts';
import './copy-events.ts';

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

export type CopySignal = OpenSignal | CloseSignal | StopsSignal;

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

/** A signal as outbox text: the bus's encoding, whose tagged bigints keep money exact. */
export function encodeSignal(signal: CopySignal): string {
  return encodeMessage(signal);
}

export function decodeSignal(text: string): CopySignal {
  const raw = decodeMessage<Record<string, unknown>>(text);
  if (
    raw === null ||
    typeof raw !== 'object' ||
    !['open', 'close', 'stops'].includes(String(raw.change))
  )
    throw new Error(`not a copy signal: ${text.slice(0, 100)}`);
  for (const field of LEGACY_BIGINT_FIELDS)
    if (typeof raw[field] === 'string') raw[field] = BigInt(raw[field] as string);
  const signal = raw as unknown as CopySignal;
  if (signal.change === 'open') {
    signal.lots = asLots(signal.lots);
    signal.leaderEquity = asMicros(signal.leaderEquity);
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

/** The copy outbox's rows: written in the leader's transaction, worked off by the mirror. */
export function createSignalOutbox(db: Executor) {
  return {
    async append(
      rows: readonly Omit<SignalRow, 'id'>[],
      at: number,
      executor: Executor,
    ): Promise<void> {
      if (rows.length === 0) return;
      await executor
        .insertInto('copy_outbox')
        .values(
          rows.map((row) => ({
            leader_id: row.leaderId,
            leader_order_id: row.leaderOrderId,
            change: row.signal.change,
            copy_id: row.copyId,
            payload: encodeSignal(row.signal),
            created_at: at,
          })),
        )
        .execute();
    },
    /** The leader's newest signal id (0 for none): a copy starting now takes only later ones. */
    async lastId(leaderId: number, executor: Executor): Promise<number> {
      const row = await executor
        .selectFrom('copy_outbox')
        .select((eb) => eb.fn.max('id').as('last'))
        .where('leader_id', '=', leaderId)
        .executeTakeFirst();
      return row?.last === null || row?.last === undefined ? 0 : toInt(row.last);
    },
    /**
     * The oldest signals due at `at`, in the order they were written, as stored (the mirror
     * decodes each: one that does not decode fails alone). A leader with a signal backing off
     * is left out whole — its later signals wait behind it — so that it fills no batch.
     */
    async waiting(limit: number, at: number): Promise<WaitingSignal[]> {
      const rows = await db
        .selectFrom('copy_outbox as o')
        .select([
          'o.id',
          'o.leader_id',
          'o.leader_order_id',
          'o.copy_id',
          'o.payload',
          'o.attempts',
        ])
        .where('o.set_aside_at', 'is', null)
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('copy_outbox as b')
                .select('b.id')
                .whereRef('b.leader_id', '=', 'o.leader_id')
                .where('b.set_aside_at', 'is', null)
                .where('b.next_attempt_at', '>', at),
            ),
          ),
        )
        .orderBy('o.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: toInt(row.id),
        leaderId: toInt(row.leader_id),
        leaderOrderId: toInt(row.leader_order_id),
        copyId: row.copy_id === null ? null : toInt(row.copy_id),
        payload: row.payload,
        attempts: toInt(row.attempts),
      }));
    },
    async done(id: number): Promise<void> {
      await db.deleteFrom('copy_outbox').where('id', '=', id).execute();
    },
    /**
     * A failed attempt (the house's policy, platform/core/retry-policy.ts): due again after
     * the back-off, or, after the last attempt, set aside with its error. Unless another node
     * has tried it since (its attempt counts instead).
     */
    async failed(row: WaitingSignal, error: string, at: number): Promise<'retry' | 'set-aside'> {
      const attempts = row.attempts + 1;
      const setAside = isLastAttempt(attempts);
      await db
        .updateTable('copy_outbox')
        .set({
          attempts,
          last_error: error.slice(0, 500),
          next_attempt_at: setAside ? null : at + retryDelay(attempts),
          set_aside_at: setAside ? at : null,
        })
        .where('id', '=', row.id)
        .where('attempts', '=', row.attempts)
        .where('set_aside_at', 'is', null)
        .execute();
      return setAside ? 'set-aside' : 'retry';
    },
    /** Whether a close of the signal's leader order comes after it (waiting or set aside). */
    async closeFollows(row: Pick<SignalRow, 'id' | 'leaderOrderId'>): Promise<boolean> {
      const close = await db
        .selectFrom('copy_outbox')
        .select('id')
        .where('leader_order_id', '=', row.leaderOrderId)
        .where('change', '=', 'close')
        .where('id', '>', row.id)
        .executeTakeFirst();
      return close !== undefined;
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('copy_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return toInt(row.n as number | bigint);
    },
  };
}

export type SignalOutbox = ReturnType<typeof createSignalOutbox>;

/** The signals of a leader's command: one per fill, close and TP/SL change of its orders. */
async function signalsOf(
  ctx: CommandContext,
  deps: { steps: CopySteps; market: QuoteReader },
): Promise<Omit<SignalRow, 'id'>[]> {
  const rows: Omit<SignalRow, 'id'>[] = [];
  let equity: Micros | undefined;
  for (const event of ctx.events) {
    if (event.type !== 'order') continue;
    const { order, change } = event;
    const base = { leaderId: ctx.accountId, leaderOrderId: order.id, copyId: null };
    if (change === 'opened' || change === 'filled') {
      equity ??= (await deps.steps.figures(ctx)).equity;
      const quote = deps.market.quotePoints(order.instrumentId);
      rows.push({
        ...base,
        signal: {
          change: 'open',
          instrumentId: order.instrumentId,
          side: order.side,
          lots: order.lots,
          leverage: order.leverage,
          takeProfit: order.takeProfit,
          stopLoss: order.stopLoss,
          ...fillQuote(order, quote.ask - quote.bid),
          leaderEquity: equity,
          atMarket: false,
        },
      });
    } else if (change === 'closed')
      rows.push({ ...base, signal: { change: 'close', price: order.closePrice! } });
    else if (change === 'stops')
      rows.push({
        ...base,
        signal: { change: 'stops', takeProfit: order.takeProfit, stopLoss: order.stopLoss },
      });
  }
  return rows;
}

/**
 * The rule every command gets (issue 29): a command of an account that copies follow writes
 * its fills, closes and TP/SL changes to the copy outbox, in its own transaction — so a
 * signal exists exactly when the leader's change does, and a crash between the leader's
 * commit and the copies' loses nothing. Registered after trading's rules, so that a stop-out
 * their beforeCommit adds is signalled too.
 */
export function copySignalPolicy(deps: {
  copies: CopiesRepository;
  signals: SignalOutbox;
  steps: CopySteps;
  market: QuoteReader;
}): CommandPolicy {
  return {
    async beforeCommit(ctx) {
      if (!ctx.events.some((event) => event.type === 'order' && event.change !== 'placed')) return;
      if (!(await deps.copies.isLeading(ctx.accountId, ctx.trx))) return;
      const rows = await signalsOf(ctx, deps);
      if (rows.length === 0) return;
      await deps.signals.append(rows, ctx.at, ctx.trx);
      ctx.emit({ type: 'copy-signals', count: rows.length });
    },
  };
}
