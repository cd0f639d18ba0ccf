import { type AccountFunds, accountFigures, isBelowLevel } from '../account/account-figures.ts';
import { asPricePoints, type PricePoints } from '../instruments/spec.ts';
import type { Micros } from '../money/micros.ts';
import type { Quote } from '../orders/position.ts';
import { createTriggerBook, type TriggerBook } from '../triggers/trigger-book.ts';

/** The quotes a valuation reads, by instrument. */
export type QuoteOf = (instrumentId: number) => Quote;

/**
 * An open position as the screen values it: its margin (fixed at open) and its P&L at any
 * quotes. `pnlAt` reads its own instrument and, for a profit currency other than USD, the
 * pair that converts it — whichever instruments it asks `quoteOf` for are the ones it moves with.
 */
export interface ScreenedPosition {
  margin: Micros;
  pnlAt: (quoteOf: QuoteOf) => Micros;
}

/**
 * How far quotes may move, in 10^-4 of the price (basis points), tried from the narrowest:
 * 0.01 % to 20 %. An account safe within no step is watched on every tick of its instruments.
 */
export const SHIFT_LADDER_BP: readonly bigint[] = [1n, 3n, 10n, 30n, 100n, 300n, 1_000n, 2_000n];

const BP_SCALE = 10_000n;
const NOBODY: readonly number[] = [];

/** The box a quote may wander in before the account is valued again: [low, high] per instrument. */
export interface QuoteBox {
  instrumentId: number;
  /** Neither side below this... */
  low: PricePoints;
  /** ...nor above this (a side outside leaves the box). */
  high: PricePoints;
}

/**
 * The box around a quote for a shift: from the bid less the shift to the ask plus it. The
 * ask is never below the bid, so watching only the bid going under `low` and the ask going
 * over `high` keeps both sides within [low, high] — two triggers per instrument, not four.
 */
export function quoteBox(instrumentId: number, quote: Quote, shiftBp: bigint): QuoteBox {
  const low = quote.bid - (quote.bid * shiftBp) / BP_SCALE;
  return {
    instrumentId,
    low: asPricePoints(low > 0n ? low : 1n),
    high: asPricePoints(quote.ask + (quote.ask * shiftBp) / BP_SCALE),
  };
}

/**
 * The account's lowest possible equity while every quote it reads stays in its box. A position's P&L moves one way with each instrument it reads (its own
 * price, its conversion rate: a product of two monotone factors, or a quotient for USDxxx),
 * and a box corner sets both sides of a quote to the same end; so each position's least P&L
 * is at one of its corners, and the sum of the positions' least P&Ls bounds the account from
 * below — hedged legs each taking their own worst corner only makes the bound safer.
 */
export function worstEquityInBoxes(
  funds: AccountFunds,
  positions: readonly ScreenedPosition[],
  quoteOf: QuoteOf,
  shiftBp: bigint,
  reads: readonly (readonly number[])[] = positions.map((p) => instrumentsRead(p, quoteOf)),
): { equity: Micros; usedMargin: Micros } {
  const boxes = new Map<number, QuoteBox>();
  const boxOf = (instrumentId: number): QuoteBox => {
    let box = boxes.get(instrumentId);
    if (!box) {
      box = quoteBox(instrumentId, quoteOf(instrumentId), shiftBp);
      boxes.set(instrumentId, box);
    }
    return box;
  };
  const values = positions.map((position, index) => {
    const read = reads[index]!;
    let least: Micros | undefined;
    for (let corner = 0; corner < 1 << read.length; corner++) {
      const pnl = position.pnlAt((id) => {
        const box = boxOf(id);
        const i = read.indexOf(id);
        const end = i >= 0 && (corner >> i) & 1 ? box.high : box.low;
        return { bid: end, ask: end };
      });
      if (least === undefined || pnl < least) least = pnl;
    }
    return { id: String(index), margin: position.margin, floatingPnl: least! };
  });
  const { equity, usedMargin } = accountFigures(funds, values);
  return { equity, usedMargin };
}

/** Which instruments a position's valuation reads (its own, its conversion pair), in order. */
function instrumentsRead(position: ScreenedPosition, quoteOf: QuoteOf): number[] {
  const read: number[] = [];
  position.pnlAt((id) => {
    if (!read.includes(id)) read.push(id);
    return quoteOf(id);
  });
  return read;
}

/** Where an account stands for the screen: boxes to leave, or watched on every tick. */
export type ScreenPlacement =
  | { kind: 'boxed'; shiftBp: bigint; boxes: QuoteBox[] }
  | { kind: 'close'; instruments: number[] };

/**
 * The widest box (from the ladder) within which the account cannot reach the stop-out level;
 * 'close' when even the narrowest may (the account is near its level: every tick counts).
 * Safe at a wide shift implies safe at a narrower one, so the ladder is searched by halving.
 * `hintBp`: where the search starts — the account's step last time (0: the narrowest).
 */
export function placeForStopOut(
  funds: AccountFunds,
  positions: readonly ScreenedPosition[],
  quoteOf: QuoteOf,
  level: bigint,
  options: { ladder?: readonly bigint[]; hintBp?: bigint | undefined } = {},
): ScreenPlacement {
  const ladder = options.ladder ?? SHIFT_LADDER_BP;
  const reads = positions.map((p) => instrumentsRead(p, quoteOf));
  const instruments = [...new Set(reads.flat())];
  const safeAt = (index: number) =>
    !isBelowLevel(worstEquityInBoxes(funds, positions, quoteOf, ladder[index]!, reads), level);
  // The widest safe step is searched from where the account last stood (a commit seldom moves
  // it by more than a step): two valuations when it did not move, a halving search otherwise.
  const { hintBp } = options;
  const start =
    hintBp === undefined
      ? ladder.length >> 1
      : Math.max(
          0,
          ladder.findLastIndex((step) => step <= hintBp),
        );
  let low: number; // the widest step known safe (−1: none)
  let high: number; // the widest step that may be
  if (safeAt(start)) {
    if (start + 1 >= ladder.length || !safeAt(start + 1)) low = high = start;
    else [low, high] = [start + 1, ladder.length - 1];
  } else [low, high] = [-1, start - 1];
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (safeAt(middle)) low = middle;
    else high = middle - 1;
  }
  if (low < 0) return { kind: 'close', instruments };
  const shiftBp = ladder[low]!;
  return {
    kind: 'boxed',
    shiftBp,
    boxes: instruments.map((id) => quoteBox(id, quoteOf(id), shiftBp)),
  };
}

/**
 * Stop-out screening (issue 23): which accounts a tick may push under their level, without
 * visiting the others. Each account is placed in boxes — per instrument it reads, the range
 * its quotes may wander in while the account provably stays above its level — kept as two
 * triggers in that instrument's trigger book; a tick reaches only the accounts whose box it
 * left (heaps: time in proportion to what fires, not to how many accounts are open), plus the
 * few accounts so near their level that no box fits ('close'), which every tick of their
 * instruments reaches. A reached account is valued exactly and placed again.
 */
export function createStopOutScreen() {
  const books = new Map<number, TriggerBook>();
  /** account → the instruments it is boxed or watched on. */
  const placed = new Map<
    number,
    { kind: ScreenPlacement['kind']; instruments: number[]; shiftBp?: bigint }
  >();
  /** The step each account was last boxed at, kept while it is out (a search starts there). */
  const lastShift = new Map<number, bigint>();
  /** instrument → accounts watched on every tick of it. */
  const close = new Map<number, Set<number>>();

  function book(instrumentId: number): TriggerBook {
    let found = books.get(instrumentId);
    if (!found) {
      found = createTriggerBook();
      books.set(instrumentId, found);
    }
    return found;
  }

  function remove(accountId: number): void {
    const was = placed.get(accountId);
    if (!was) return;
    placed.delete(accountId);
    for (const instrumentId of was.instruments) {
      if (was.kind === 'close') close.get(instrumentId)?.delete(accountId);
      else {
        const triggers = books.get(instrumentId);
        triggers?.remove(`${accountId}:low`);
        triggers?.remove(`${accountId}:high`);
      }
    }
  }

  return {
    /** Places an account (replacing where it was). */
    place(accountId: number, placement: ScreenPlacement): void {
      const was = placed.get(accountId);
      // Still near its level, on the same instruments: it is watched already (most of the
      // accounts a tick reaches are these; nothing to move).
      if (
        placement.kind === 'close' &&
        was?.kind === 'close' &&
        was.instruments.length === placement.instruments.length &&
        was.instruments.every((id, i) => placement.instruments[i] === id)
      )
        return;
      remove(accountId);
      if (placement.kind === 'close') {
        for (const id of placement.instruments) {
          let set = close.get(id);
          if (!set) {
            set = new Set();
            close.set(id, set);
          }
          set.add(accountId);
        }
        placed.set(accountId, { kind: 'close', instruments: [...placement.instruments] });
        return;
      }
      for (const box of placement.boxes) {
        const triggers = book(box.instrumentId);
        triggers.set({
          key: `${accountId}:low`,
          side: 'bid',
          direction: 'at-or-below',
          level: asPricePoints(box.low - 1n),
        });
        triggers.set({
          key: `${accountId}:high`,
          side: 'ask',
          direction: 'at-or-above',
          level: asPricePoints(box.high + 1n),
        });
      }
      placed.set(accountId, {
        kind: 'boxed',
        instruments: placement.boxes.map((b) => b.instrumentId),
      });
      lastShift.set(accountId, placement.shiftBp);
    },

    /** Forgets an account (no open positions left). */
    forget(accountId: number): void {
      remove(accountId);
      lastShift.delete(accountId);
    },

    /**
     * Where the account's next search starts: the step it was last boxed at; 0 while it is
     * watched closely (the narrowest step first: one valuation while it stays near its level).
     */
    shiftOf: (accountId: number): bigint | undefined =>
      placed.get(accountId)?.kind === 'close' ? 0n : lastShift.get(accountId),

    /**
     * The accounts this quote may have pushed under: those whose box it left (taken out of
     * the screen until placed again) and those watched closely on this instrument.
     */
    reached(instrumentId: number, quote: Quote): readonly number[] {
      const fired = books.get(instrumentId)?.fire(quote.bid, quote.ask) ?? [];
      const watched = close.get(instrumentId);
      // Most ticks reach nobody: no allocation for them (a tick path runs thousands of times a second).
      if (fired.length === 0 && !watched?.size) return NOBODY;
      const out = new Set<number>(watched);
      for (const trigger of fired) {
        const accountId = Number(trigger.key.slice(0, trigger.key.indexOf(':')));
        if (out.has(accountId)) continue;
        out.add(accountId);
        remove(accountId);
      }
      return [...out];
    },

    /** How many accounts are boxed, and how many watched on every tick. */
    counts(): { boxed: number; close: number } {
      let closeCount = 0;
      for (const p of placed.values()) if (p.kind === 'close') closeCount += 1;
      return { boxed: placed.size - closeCount, close: closeCount };
    },
  };
}

export type StopOutScreen = ReturnType<typeof createStopOutScreen>;
