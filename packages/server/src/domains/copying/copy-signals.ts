import {
  asLots,
  asMicros,
  asPricePoints,
  type Lots,
  type Micros,
  type PricePoints,
  type Side,
} from '@tradedesk/engine';
import type { CommandContext, CommandPolicy } from '../../platform/core/command-core.ts';
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

const BIGINT_FIELDS = ['lots', 'takeProfit', 'stopLoss', 'bid', 'ask', 'leaderEquity', 'price'];

/** JSON with the exact integers as decimal text (JSON numbers would lose them). */
export function encodeSignal(signal: CopySignal): string {
  return JSON.stringify(signal, (_key, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

export function decodeSignal(text: string): CopySignal {
  const raw = JSON.parse(text) as Record<string, unknown>;
  for (const field of BIGINT_FIELDS)
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
    /** The oldest waiting signals, in the order they were written. */
    async waiting(limit: number): Promise<SignalRow[]> {
      const rows = await db
        .selectFrom('copy_outbox')
        .select(['id', 'leader_id', 'leader_order_id', 'copy_id', 'payload'])
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: toInt(row.id),
        leaderId: toInt(row.leader_id),
        leaderOrderId: toInt(row.leader_order_id),
        copyId: row.copy_id === null ? null : toInt(row.copy_id),
        signal: decodeSignal(row.payload),
      }));
    },
    async done(id: number): Promise<void> {
      await db.deleteFrom('copy_outbox').where('id', '=', id).execute();
    },
    async failed(id: number, error: string): Promise<void> {
      await db
        .updateTable('copy_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500) }))
        .where('id', '=', id)
        .execute();
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
