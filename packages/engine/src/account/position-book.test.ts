import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CurrencyRate, USD_RATE } from '../instruments/conversion.ts';
import {
  asLots,
  asPricePoints,
  type InstrumentSpec,
  type Lots,
  specFromDecimals,
} from '../instruments/spec.ts';
import { formatDecimal } from '../money/decimal.ts';
import { asMicros, type Micros } from '../money/micros.ts';
import { floatingPnl } from '../orders/commands.ts';
import type { Quote } from '../orders/position.ts';
import type { Side } from '../pnl/pnl.ts';
import { forexPair, rateFromInversePair, rateFromUsdPair } from '../scenarios/fixtures.ts';
import {
  type BookedPosition,
  bookPnlExact,
  bookPnlRange,
  createPositionBook,
  type HoldingMarket,
  screenedSides,
  sidePnlRange,
} from './position-book.ts';

/** A German index quoted in EUR: a CFD whose profit converts at the EUR's bid, a loss at its ask. */
const DE40: InstrumentSpec = specFromDecimals({
  id: 4,
  code: 'DE40',
  precision: 1,
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '50',
  contractSize: '1',
  feeRate: '0.0005',
  marginMode: 0,
  leverage: [20],
  quoteCurrency: 'EUR',
  calcMode: 'cfd',
  marginCurrency: 'EUR',
});

/** EURUSD (USD profit), USDJPY (converts at its own close), EURGBP (by side), DE40 (by sign). */
const MARKETS: Record<number, HoldingMarket> = {
  1: {
    spec: forexPair('EURUSD', 5, 'USD'),
    quote: { bid: asPricePoints(108_000n), ask: asPricePoints(108_012n) },
    profitRate: USD_RATE,
  },
  2: {
    spec: forexPair('USDJPY', 3, 'JPY'),
    quote: { bid: asPricePoints(150_000n), ask: asPricePoints(150_015n) },
    profitRate: rateFromInversePair('150.000', 3, '150.015'),
  },
  3: {
    spec: forexPair('EURGBP', 5, 'GBP'),
    quote: { bid: asPricePoints(85_500n), ask: asPricePoints(85_512n) },
    profitRate: rateFromUsdPair('1.26310', 5, '1.26330'),
  },
  4: {
    spec: DE40,
    quote: { bid: asPricePoints(190_000n), ask: asPricePoints(190_020n) },
    profitRate: rateFromUsdPair('1.08000', 5, '1.08012'),
  },
};
const marketOf = (id: number): HoldingMarket => MARKETS[id]!;

/** Σ of each position's floating P&L as the engine values one position (the figure to match). */
function eachValued(positions: readonly BookedPosition[]): Micros {
  let sum = 0n;
  for (const p of positions) {
    const { spec, quote, profitRate } = marketOf(p.instrumentId);
    sum += floatingPnl(p, { spec, quote, rates: { margin: USD_RATE, profit: profitRate } });
  }
  return asMicros(sum);
}

const arbitraryPosition = fc.record({
  instrumentId: fc.constantFrom(1, 2, 3, 4),
  side: fc.constantFrom<Side>('buy', 'sell'),
  lots: fc.bigInt({ min: 1n, max: 500_000n }).map(asLots),
  /** Within ±3 % of the instrument's bid. */
  shiftBp: fc.bigInt({ min: -300n, max: 300n }),
  margin: fc.bigInt({ min: 0n, max: 10_000_000_000n }).map(asMicros),
});

function toBooked(p: {
  instrumentId: number;
  side: Side;
  lots: Lots;
  shiftBp: bigint;
  margin: Micros;
}): BookedPosition {
  const bid = marketOf(p.instrumentId).quote.bid;
  return { ...p, openPrice: asPricePoints(bid + (bid * p.shiftBp) / 10_000n) };
}

/** A book of these positions, keyed by their index. */
function bookOf(positions: readonly BookedPosition[]) {
  const book = createPositionBook<number>();
  for (const [i, p] of positions.entries()) book.add(i, p);
  return book;
}

describe('position book', () => {
  it('bounds the sum of every position valued on its own, within n/2 micro-USD per side, and matches it exactly where asked', () => {
    fc.assert(
      fc.property(fc.array(arbitraryPosition, { maxLength: 40 }), (drawn) => {
        const positions = drawn.map(toBooked);
        const book = bookOf(positions);
        const exact = eachValued(positions);
        const range = bookPnlRange(book, marketOf);
        expect(range.low <= exact && exact <= range.high).toBe(true);
        expect(range.high - range.low).toBeLessThanOrEqual(BigInt(positions.length));
        expect(bookPnlExact(book, marketOf)).toBe(exact);
        expect(book.usedMargin).toBe(positions.reduce((s, p) => s + p.margin, 0n));
      }),
    );
  });

  it('forgets what it removed: the sums after adds and removes equal a book of what is left', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryPosition, { minLength: 1, maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (drawn, removals) => {
          const positions = drawn.map(toBooked);
          const book = bookOf(positions);
          const left = new Map(positions.map((p, i) => [i, p]));
          for (const r of removals) {
            const key = r % positions.length;
            expect(book.remove(key)).toBe(left.delete(key));
          }
          const fresh = createPositionBook<number>();
          for (const [key, p] of left) fresh.add(key, p);
          expect(book.size).toBe(left.size);
          expect(book.usedMargin).toBe(fresh.usedMargin);
          expect(bookPnlRange(book, marketOf)).toEqual(bookPnlRange(fresh, marketOf));
          expect([...book.holdings()].length).toBe([...fresh.holdings()].length);
        },
      ),
    );
  });

  it('values one position exactly as floatingPnl does: 1 lot EURUSD bought at 1.07500, bid 1.08000 is +500 USD', () => {
    const book = createPositionBook<string>();
    book.add('a', {
      instrumentId: 1,
      side: 'buy',
      lots: asLots(10_000n),
      openPrice: asPricePoints(107_500n),
      margin: asMicros(1_075_000_000n),
    });
    expect(bookPnlRange(book, marketOf)).toEqual({
      low: asMicros(500_000_000n),
      high: asMicros(500_000_000n),
    });
  });

  it('sums a side at one price: two EURUSD buys at 1.07500 and 1.08500 net 0 at 1.08000, whatever their rounding', () => {
    const totals = {
      count: 2,
      lots: 20_000n,
      openPointLots: 107_500n * 10_000n + 108_500n * 10_000n,
      margin: asMicros(0n),
    };
    const range = sidePnlRange(marketOf(1).spec, 'buy', totals, asPricePoints(108_000n), USD_RATE);
    // Exactly 0 with two roundings of half a micro each way around it.
    expect(range).toEqual({ low: asMicros(-1n), high: asMicros(1n) });
  });

  it('replaces a key added again (a position whose record changed)', () => {
    const book = createPositionBook<number>();
    const p: BookedPosition = {
      instrumentId: 1,
      side: 'sell',
      lots: asLots(100n),
      openPrice: asPricePoints(108_100n),
      margin: asMicros(21_620_000n),
    };
    book.add(7, p);
    book.add(7, { ...p, margin: asMicros(1n) });
    expect(book.size).toBe(1);
    expect(book.usedMargin).toBe(1n);
    expect(book.remove(7)).toBe(true);
    expect(book.remove(7)).toBe(false);
    expect([...book.holdings()]).toEqual([]);
  });

  it('screens each side by a lower bound of its P&L at any quotes, the exact value at a one-position side', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryPosition, { minLength: 1, maxLength: 30 }),
        fc.bigInt({ min: -500n, max: 500n }),
        (drawn, moveBp) => {
          const positions = drawn.map(toBooked);
          const book = bookOf(positions);
          // A box corner: both sides of every quote at one price, moved by moveBp.
          const corner = (id: number): Quote => {
            const bid = marketOf(id).quote.bid;
            const end = asPricePoints(bid + (bid * moveBp) / 10_000n);
            return { bid: end, ask: end };
          };
          const atCorner = (id: number): HoldingMarket => ({
            ...marketOf(id),
            quote: corner(id),
            // The screen asks the market for the profit rate at the same corner.
            profitRate: cornerRate(id, moveBp),
          });
          const screened = screenedSides(book, (id) => atCorner(id));
          const least = screened.reduce((s, side) => s + side.pnlAt(corner), 0n);
          let exact = 0n;
          for (const p of positions) {
            const m = atCorner(p.instrumentId);
            exact += floatingPnl(p, {
              spec: m.spec,
              quote: m.quote,
              rates: { margin: USD_RATE, profit: m.profitRate },
            });
          }
          expect(least <= exact).toBe(true);
          expect(screened.reduce((s, side) => s + side.margin, 0n)).toBe(book.usedMargin);
        },
      ),
    );
  });
});

/** The profit currency's rate at a corner: its pair moved like the rest, both sides at one price. */
function cornerRate(id: number, moveBp: bigint): CurrencyRate {
  const moved = (points: bigint) => points + (points * moveBp) / 10_000n;
  switch (id) {
    case 2: {
      // USDJPY converts at its own close; the rate given is what the book is told.
      const end = moved(150_000n);
      return rateFromInversePair(formatDecimal(end, 3), 3);
    }
    case 3:
      return rateFromUsdPair(formatDecimal(moved(126_310n), 5), 5);
    case 4:
      return rateFromUsdPair(formatDecimal(moved(108_000n), 5), 5);
    default:
      return USD_RATE;
  }
}
