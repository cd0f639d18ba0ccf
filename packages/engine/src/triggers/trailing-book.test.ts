import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asPricePoints,
  NO_PRICE,
  type PricePoints,
  parsePricePoints,
} from '../instruments/spec.ts';
import type { Quote } from '../orders/position.ts';
import { trail } from '../orders/trailing-stop.ts';
import type { Side } from '../pnl/pnl.ts';
import { createTrailingBook, type TrailingPosition } from './trailing-book.ts';

/** The obvious way: `trail` every position on every quote, then fire the stops it reaches. */
function createNaiveBook() {
  const held = new Map<string, TrailingPosition>();
  const shown = new Map<string, string>();
  const stateOf = (p: TrailingPosition) => `${p.stopLoss}:${p.trailing.active}`;
  return {
    set(p: TrailingPosition) {
      held.set(p.key, p);
      shown.set(p.key, stateOf(p));
    },
    remove: (key: string) => void held.delete(key),
    tick(quote: Quote): TrailingPosition[] {
      const fired: TrailingPosition[] = [];
      for (const [key, p] of held) {
        const after = trail(p.side, p.trailing, p.stopLoss, quote);
        const now = {
          ...p,
          trailing: { ...p.trailing, active: after.active },
          stopLoss: after.stopLoss,
        };
        held.set(key, now);
        const reached = p.side === 'buy' ? quote.bid <= now.stopLoss : quote.ask >= now.stopLoss;
        if (now.stopLoss > 0n && reached) fired.push(now);
      }
      for (const { key } of fired) held.delete(key);
      return fired;
    },
    current: (key: string) => held.get(key),
    takeMoved(): TrailingPosition[] {
      const moved = [...held.values()].filter((p) => stateOf(p) !== shown.get(p.key));
      for (const p of moved) shown.set(p.key, stateOf(p));
      return moved;
    },
    keys: () => [...held.keys()],
    get size() {
      return held.size;
    },
  };
}

const byKey = (positions: TrailingPosition[]) =>
  [...positions].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

const pt = asPricePoints;

/** mulberry32, seeded, so a failure replays from the printed seed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('trailing book: published examples', () => {
  // eToro, "Introducing Trailing Stop Loss" (see scenarios/published/trailing-stop-buy-eurusd-etoro):
  // a buy EURUSD at 1.1000, stop 1.0900, so 100 pips (1 000 points at 5 digits) behind the Bid.
  it('eToro: follows a buy up 100 pips behind the Bid, and holds it when the price turns', () => {
    const price = (text: string) => parsePricePoints(text, 5);
    const book = createTrailingBook();
    const distance = pt(price('1.10000') - price('1.09000'));
    book.set({
      key: '1:sl',
      side: 'buy',
      trailing: { distance, activation: NO_PRICE, active: false },
      stopLoss: price('1.09000'),
    });
    const seen: string[] = [];
    for (const bid of ['1.10010', '1.10510', '1.10200', '1.11200']) {
      expect(book.tick({ bid: price(bid), ask: pt(price(bid) + 2n) })).toEqual([]);
      seen.push(String(book.current('1:sl')?.stopLoss));
    }
    expect(seen).toEqual(['1.09010', '1.09510', '1.09510', '1.10200'].map((s) => String(price(s))));
    expect(book.takeMoved()).toEqual([
      {
        key: '1:sl',
        side: 'buy',
        trailing: { distance, activation: NO_PRICE, active: true },
        stopLoss: price('1.10200'),
      },
    ]);
    // Back down to the stop it locked in: it fires there, at 1.1020.
    const fired = book.tick({ bid: price('1.10200'), ask: price('1.10202') });
    expect(fired.map((p) => [p.key, p.stopLoss])).toEqual([['1:sl', price('1.10200')]]);
    expect(book.size).toBe(0);
  });

  // Bybit Help Center, "What is a trailing stop / trailing profit?" (scenarios/published/
  // trailing-stop-activation-price-bybit): long, last 7 000, activation 8 000, distance 100.
  it('Bybit: places nothing until the price reaches 8 000, then the stop at 7 900', () => {
    const price = (text: string) => parsePricePoints(text, 2);
    const quoteAt = (bid: string) => ({ bid: price(bid), ask: pt(price(bid) + 50n) });
    const book = createTrailingBook();
    const trailing = { distance: price('100'), activation: price('8000'), active: false };
    book.set({ key: '7:sl', side: 'buy', trailing, stopLoss: NO_PRICE });
    book.tick(quoteAt('7000'));
    book.tick(quoteAt('7999.99'));
    expect(book.current('7:sl')).toMatchObject({ stopLoss: NO_PRICE, trailing: { active: false } });
    expect(book.takeMoved()).toEqual([]);
    book.tick(quoteAt('8000'));
    expect(book.current('7:sl')).toMatchObject({
      stopLoss: price('7900'),
      trailing: { active: true },
    });
    // Active once reached: it follows from there even if the price falls back below 8 000.
    book.tick(quoteAt('7950'));
    expect(book.current('7:sl')?.stopLoss).toBe(price('7900'));
    book.tick(quoteAt('8100'));
    expect(book.takeMoved().map((p) => [p.stopLoss, p.trailing.active])).toEqual([
      [price('8000'), true],
    ]);
  });

  it('Bybit: without an activation price, stays at 7 500 below 8 000 and moves to 8 500 at 9 000', () => {
    const price = (text: string) => parsePricePoints(text, 2);
    const book = createTrailingBook();
    const trailing = { distance: price('500'), activation: NO_PRICE, active: true };
    book.set({ key: 'b', side: 'buy', trailing, stopLoss: price('7500') });
    for (const [bid, stop] of [
      ['7900', '7500'],
      ['8000', '7500'],
      ['9000', '8500'],
    ] as const) {
      book.tick({ bid: price(bid), ask: pt(price(bid) + 50n) });
      expect(book.current('b')?.stopLoss).toBe(price(stop));
    }
  });
});

describe('trailing book', () => {
  it('mirrors a sell: it trails the lowest Ask from above and fires when the Ask reaches it', () => {
    const book = createTrailingBook();
    const trailing = { distance: pt(50n), activation: pt(980n), active: false };
    book.set({ key: 's', side: 'sell', trailing, stopLoss: NO_PRICE });
    book.tick({ bid: pt(995n), ask: pt(1_000n) });
    expect(book.current('s')).toMatchObject({ stopLoss: NO_PRICE, trailing: { active: false } });
    for (const ask of [980n, 960n, 990n]) book.tick({ bid: pt(ask - 5n), ask: pt(ask) });
    expect(book.current('s')).toMatchObject({ stopLoss: 1_010n, trailing: { active: true } });
    expect(book.tick({ bid: pt(1_005n), ask: pt(1_010n) }).map((p) => p.stopLoss)).toEqual([
      1_010n,
    ]);
  });

  it('moves a whole rising market, reporting each moved position once, then none', () => {
    const book = createTrailingBook();
    for (let i = 0; i < 200; i++)
      book.set({
        key: `${i}`,
        side: 'buy',
        trailing: { distance: pt(BigInt(10 + i)), activation: NO_PRICE, active: true },
        stopLoss: NO_PRICE,
      });
    for (let bid = 1_000n; bid < 1_050n; bid++) book.tick({ bid: pt(bid), ask: pt(bid + 1n) });
    const moved = book.takeMoved();
    expect(moved).toHaveLength(200);
    expect(new Set(moved.map((p) => p.key)).size).toBe(200);
    expect(book.current('7')?.stopLoss).toBe(1_049n - 17n);
    expect(book.takeMoved()).toEqual([]);
    book.remove('7');
    expect(book.current('7')).toBeUndefined();
    expect(book.size).toBe(199);
  });

  it('refuses prices it cannot hold exactly', () => {
    const book = createTrailingBook();
    const trailing = { distance: pt(0n), activation: NO_PRICE, active: true };
    expect(() => book.set({ key: 'x', side: 'buy', trailing, stopLoss: NO_PRICE })).toThrow(
      RangeError,
    );
    expect(() => book.tick({ bid: pt(0n), ask: pt(1n) })).toThrow(RangeError);
  });

  it('equals trailing every position on every quote, for any positions and quotes', () => {
    const level = fc.oneof(fc.constant(null), fc.integer({ min: -300, max: 300 }));
    const op = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('set' as const),
          key: fc.nat(),
          side: fc.constantFrom<Side>('buy', 'sell'),
          distance: fc.integer({ min: 1, max: 200 }),
          activation: level,
          stopLoss: level,
          active: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), key: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('take' as const) }) },
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('tick' as const),
          step: fc.integer({ min: -25, max: 25 }),
          spread: fc.integer({ min: 0, max: 15 }),
        }),
      },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(120, 10_000),
        fc.integer({ min: 1, max: 30 }),
        fc.array(op, { maxLength: 200, size: 'max' }),
        (start, keys, ops) => {
          const book = createTrailingBook();
          const naive = createNaiveBook();
          let bid: number = start;
          // Near the current Bid, never below 0 (0: none).
          const near = (offset: number | null): PricePoints =>
            pt(offset === null ? 0n : BigInt(Math.max(0, bid + offset)));
          for (const o of ops) {
            if (o.kind === 'set') {
              const position: TrailingPosition = {
                key: `k${o.key % keys}`,
                side: o.side,
                trailing: {
                  distance: pt(BigInt(o.distance)),
                  activation: near(o.activation),
                  active: o.active,
                },
                stopLoss: near(o.stopLoss),
              };
              book.set(position);
              naive.set(position);
            } else if (o.kind === 'remove') {
              book.remove(`k${o.key % keys}`);
              naive.remove(`k${o.key % keys}`);
            } else if (o.kind === 'take') {
              expect(byKey(book.takeMoved())).toEqual(byKey(naive.takeMoved()));
            } else {
              bid = Math.max(1, bid + o.step);
              const quote = { bid: pt(BigInt(bid)), ask: pt(BigInt(bid + o.spread)) };
              expect(byKey(book.tick(quote))).toEqual(byKey(naive.tick(quote)));
            }
            expect(book.size).toBe(naive.size);
            for (const key of naive.keys()) expect(book.current(key)).toEqual(naive.current(key));
          }
          expect(byKey(book.takeMoved())).toEqual(byKey(naive.takeMoved()));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('agrees with trailing every position on a long seeded walk with hundreds of positions', () => {
    const seed = Number(process.env.TRAILING_SEED ?? Date.now() % 2 ** 31);
    console.info(
      `trailing book differential test seed: ${seed} (replay with TRAILING_SEED=${seed})`,
    );
    const next = random(seed);
    const book = createTrailingBook();
    const naive = createNaiveBook();
    const pick = (n: number) => Math.floor(next() * n);
    let bid = 5_000;
    let fired = 0;
    let moved = 0;
    for (let step = 0; step < 20_000; step++) {
      const action = next();
      const key = `k${pick(300)}`;
      if (action < 0.1) {
        const near = (spread: number) =>
          next() < 0.3 ? 0n : BigInt(bid + pick(spread) - spread / 2);
        const position: TrailingPosition = {
          key,
          side: next() < 0.5 ? 'buy' : 'sell',
          trailing: {
            distance: pt(BigInt(1 + pick(120))),
            activation: pt(near(400)),
            active: next() < 0.2,
          },
          stopLoss: pt(near(600)),
        };
        book.set(position);
        naive.set(position);
      } else if (action < 0.12) {
        book.remove(key);
        naive.remove(key);
      }
      // A walk with runs, so that stops track long rises and falls as well as noise.
      bid = Math.max(1, bid + pick(21) - 10 + (Math.floor(step / 500) % 2 === 0 ? 2 : -2));
      const quote = { bid: pt(BigInt(bid)), ask: pt(BigInt(bid + pick(6))) };
      const firedNow = naive.tick(quote);
      expect(byKey(book.tick(quote))).toEqual(byKey(firedNow));
      fired += firedNow.length;
      if (step % 50 === 0) {
        const movedNow = naive.takeMoved();
        expect(byKey(book.takeMoved())).toEqual(byKey(movedNow));
        moved += movedNow.length;
        for (const k of naive.keys()) expect(book.current(k)).toEqual(naive.current(k));
      }
    }
    expect(fired).toBeGreaterThan(500);
    expect(moved).toBeGreaterThan(1_000);
  });
});
