import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountFigures, isBelowLevel } from '../account/account-figures.ts';
import { currencyRate, USD_RATE } from '../instruments/conversion.ts';
import { asLots, asPricePoints, type InstrumentSpec } from '../instruments/spec.ts';
import { asMicros } from '../money/micros.ts';
import { floatingPnl } from '../orders/commands.ts';
import type { Quote } from '../orders/position.ts';
import type { Side } from '../pnl/pnl.ts';
import { forexPair } from '../scenarios/fixtures.ts';
import {
  createStopOutScreen,
  placeForStopOut,
  type QuoteOf,
  quoteBox,
  type ScreenedPosition,
} from './stop-out-screen.ts';

/** EURUSD (USD profit), USDJPY (converts itself), EURJPY (converts through USDJPY). */
const EURUSD = 1;
const USDJPY = 2;
const EURJPY = 3;
const SPECS: Record<number, InstrumentSpec> = {
  [EURUSD]: forexPair('EURUSD', 5, 'USD'),
  [USDJPY]: forexPair('USDJPY', 3, 'JPY'),
  [EURJPY]: forexPair('EURJPY', 3, 'JPY'),
};
const START: Record<number, Quote> = {
  [EURUSD]: { bid: asPricePoints(108_000n), ask: asPricePoints(108_012n) },
  [USDJPY]: { bid: asPricePoints(150_000n), ask: asPricePoints(150_015n) },
  [EURJPY]: { bid: asPricePoints(162_000n), ask: asPricePoints(162_020n) },
};
const LEVEL = 5_000n;

function position(
  instrumentId: number,
  side: Side,
  lots: bigint,
  openPrice: bigint,
  margin: bigint,
): ScreenedPosition {
  const spec = SPECS[instrumentId]!;
  return {
    margin: asMicros(margin),
    pnlAt: (quoteOf: QuoteOf) =>
      floatingPnl(
        { side, lots: asLots(lots), openPrice: asPricePoints(openPrice) },
        {
          spec,
          quote: quoteOf(instrumentId),
          rates: {
            margin: USD_RATE,
            profit:
              instrumentId === EURUSD
                ? USD_RATE
                : currencyRate('JPY', (code) => {
                    if (code !== 'USDJPY') return undefined;
                    const q = quoteOf(USDJPY);
                    return { bidPoints: q.bid, askPoints: q.ask, precision: 3 };
                  }),
          },
        },
      ),
  };
}

const exactlyBelow = (
  balance: bigint,
  positions: readonly ScreenedPosition[],
  quoteOf: QuoteOf,
): boolean =>
  isBelowLevel(
    accountFigures(
      { balance: asMicros(balance), reserved: asMicros(0n) },
      positions.map((p, i) => ({ id: String(i), margin: p.margin, floatingPnl: p.pnlAt(quoteOf) })),
    ),
    LEVEL,
  );

const positionArb = fc
  .record({
    instrumentId: fc.constantFrom(EURUSD, USDJPY, EURJPY),
    side: fc.constantFrom<Side>('buy', 'sell'),
    lots: fc.bigInt({ min: 100n, max: 50_000n }),
    openMove: fc.integer({ min: -3_000, max: 3_000 }),
    margin: fc.bigInt({ min: 10_000_000n, max: 5_000_000_000n }),
  })
  .map((p) =>
    position(
      p.instrumentId,
      p.side,
      p.lots,
      START[p.instrumentId]!.bid + BigInt(p.openMove),
      p.margin,
    ),
  );

describe('placeForStopOut', () => {
  it('boxes an account only where no quotes inside its boxes put it below its level', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -2_000_000_000n, max: 20_000_000_000n }),
        fc.array(positionArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(30)), {
          minLength: 3,
          maxLength: 3,
        }),
        (balance, positions, draws) => {
          const start: QuoteOf = (id) => START[id]!;
          const funds = { balance: asMicros(balance), reserved: asMicros(0n) };
          const placement = placeForStopOut(funds, positions, start, LEVEL);
          if (placement.kind === 'close') return;
          expect(exactlyBelow(balance, positions, start)).toBe(false);
          // Anywhere inside the boxes — the ends included — the account stays at or above.
          const inside = new Map<number, Quote>();
          placement.boxes.forEach((box, i) => {
            const [at, spread] = draws[i % draws.length]!;
            const span = box.high - box.low;
            const bid = box.low + BigInt(Math.floor(Number(span) * at));
            const ask = bid + BigInt(spread) > box.high ? box.high : bid + BigInt(spread);
            inside.set(box.instrumentId, { bid: asPricePoints(bid), ask: asPricePoints(ask) });
          });
          expect(exactlyBelow(balance, positions, (id) => inside.get(id) ?? START[id]!)).toBe(
            false,
          );
          const low: QuoteOf = (id) => {
            const box = placement.boxes.find((b) => b.instrumentId === id)!;
            return { bid: box.low, ask: box.low };
          };
          const high: QuoteOf = (id) => {
            const box = placement.boxes.find((b) => b.instrumentId === id)!;
            return { bid: box.high, ask: box.high };
          };
          expect(exactlyBelow(balance, positions, low)).toBe(false);
          expect(exactlyBelow(balance, positions, high)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds the same widest step wherever its search starts', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -2_000_000_000n, max: 20_000_000_000n }),
        fc.array(positionArb, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(undefined, 0n, 1n, 2n, 10n, 30n, 299n, 2_000n, 9_999n),
        (balance, positions, hintBp) => {
          const funds = { balance: asMicros(balance), reserved: asMicros(0n) };
          const start: QuoteOf = (id) => START[id]!;
          expect(placeForStopOut(funds, positions, start, LEVEL, { hintBp })).toEqual(
            placeForStopOut(funds, positions, start, LEVEL),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('boxes a cross on its own pair and the pair that converts its profit', () => {
    const placement = placeForStopOut(
      { balance: asMicros(10_000_000_000n), reserved: asMicros(0n) },
      [position(EURJPY, 'buy', 10_000n, 162_020n, 1_000_000_000n)],
      (id) => START[id]!,
      LEVEL,
    );
    expect(placement.kind).toBe('boxed');
    if (placement.kind !== 'boxed') return;
    expect(placement.boxes.map((b) => b.instrumentId).sort()).toEqual([USDJPY, EURJPY]);
    // 10 000 USD beside a 1 000 USD margin on 1 lot of EURJPY: 10 500 may be lost before 50 %.
    // 3 % down on both pairs loses 4.86 × 100 000 JPY at 145.5 ≈ 3 340 USD; 10 % loses
    // 16.2 × 100 000 at 135 = 12 000 — too much. The widest safe step is 3 %.
    expect(placement.shiftBp).toBe(300n);
  });

  it('watches an account on every tick when no box fits', () => {
    // Equity 1 000 + (−499) on a 1 000 margin: 50.1 %, a point from the level.
    const open = START[EURUSD]!.bid + 4_990n;
    const placement = placeForStopOut(
      { balance: asMicros(0n), reserved: asMicros(0n) },
      [position(EURUSD, 'buy', 10_000n, open, 1_000_000_000n)],
      (id) => START[id]!,
      LEVEL,
    );
    expect(placement).toEqual({ kind: 'close', instruments: [EURUSD] });
  });
});

describe('the stop-out screen', () => {
  it('reaches an account when a quote leaves its box, and not before', () => {
    const screen = createStopOutScreen();
    const box = quoteBox(EURUSD, START[EURUSD]!, 10n);
    screen.place(7, {
      kind: 'boxed',
      shiftBp: 10n,
      boxes: [box, quoteBox(USDJPY, START[USDJPY]!, 10n)],
    });
    expect(screen.reached(EURUSD, { bid: box.low, ask: box.high })).toEqual([]);
    expect(screen.reached(EURUSD, { bid: asPricePoints(box.low - 1n), ask: box.high })).toEqual([
      7,
    ]);
    // Reached once: out of the screen (on every instrument) until placed again.
    expect(screen.reached(USDJPY, { bid: asPricePoints(1n), ask: asPricePoints(2n) })).toEqual([]);
    expect(screen.counts()).toEqual({ boxed: 0, close: 0 });
    screen.place(7, { kind: 'boxed', shiftBp: 10n, boxes: [box] });
    expect(screen.reached(EURUSD, { bid: box.low, ask: asPricePoints(box.high + 1n) })).toEqual([
      7,
    ]);
  });

  it('reaches a close account on every tick of its instruments until it is placed in a box', () => {
    const screen = createStopOutScreen();
    screen.place(3, { kind: 'close', instruments: [EURUSD, USDJPY] });
    expect(screen.reached(EURUSD, START[EURUSD]!)).toEqual([3]);
    expect(screen.reached(USDJPY, START[USDJPY]!)).toEqual([3]);
    expect(screen.reached(EURJPY, START[EURJPY]!)).toEqual([]);
    expect(screen.counts()).toEqual({ boxed: 0, close: 1 });
    screen.place(3, { kind: 'boxed', shiftBp: 1n, boxes: [quoteBox(EURUSD, START[EURUSD]!, 1n)] });
    expect(screen.reached(USDJPY, START[USDJPY]!)).toEqual([]);
    screen.forget(3);
    expect(screen.counts()).toEqual({ boxed: 0, close: 0 });
  });

  it('never misses an account a random walk pushes under, against a scan of every account', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            balance: fc.bigInt({ min: 0n, max: 3_000_000_000n }),
            positions: fc.array(positionArb, { minLength: 1, maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.array(
          fc.tuple(fc.constantFrom(EURUSD, USDJPY, EURJPY), fc.integer({ min: -60, max: 60 })),
          { maxLength: 200 },
        ),
        (accounts, walk) => {
          const quotes = new Map<number, Quote>(Object.entries(START).map(([k, q]) => [+k, q]));
          const quoteOf: QuoteOf = (id) => quotes.get(id)!;
          const screen = createStopOutScreen();
          const place = (i: number) => {
            const a = accounts[i]!;
            screen.place(
              i,
              placeForStopOut(
                { balance: asMicros(a.balance), reserved: asMicros(0n) },
                a.positions,
                quoteOf,
                LEVEL,
              ),
            );
          };
          for (let i = 0; i < accounts.length; i++) place(i);
          // Accounts a stop-out would already have been queued for (the walk does not close them).
          const due = new Set<number>(
            accounts.flatMap((a, i) => (exactlyBelow(a.balance, a.positions, quoteOf) ? [i] : [])),
          );
          for (const [id, move] of walk) {
            const q = quotes.get(id)!;
            quotes.set(id, {
              bid: asPricePoints(q.bid + BigInt(move)),
              ask: asPricePoints(q.ask + BigInt(move)),
            });
            const reached = new Set(screen.reached(id, quotes.get(id)!));
            accounts.forEach((a, i) => {
              if (exactlyBelow(a.balance, a.positions, quoteOf))
                expect(reached.has(i) || due.has(i)).toBe(true);
            });
            for (const i of reached) {
              const a = accounts[i]!;
              if (exactlyBelow(a.balance, a.positions, quoteOf)) due.add(i);
              place(i);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
