import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asPricePoints } from '../instruments/spec.ts';
import { createTriggerBook, type Direction, type QuoteSide, type Trigger } from './trigger-book.ts';

/** The obvious way: look at every live trigger on every tick. */
function createNaiveBook() {
  const live = new Map<string, Trigger>();
  return {
    set: (t: Trigger) => void live.set(t.key, t),
    remove: (key: string) => live.delete(key),
    fire(bid: bigint, ask: bigint): Trigger[] {
      const fired: Trigger[] = [];
      for (const t of live.values()) {
        const price = t.side === 'bid' ? bid : ask;
        if (t.direction === 'at-or-above' ? price >= t.level : price <= t.level) fired.push(t);
      }
      for (const t of fired) live.delete(t.key);
      return fired;
    },
  };
}

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

const keysOf = (triggers: Trigger[]) => triggers.map((t) => t.key).sort();
/** Prices in points. */
const pt = asPricePoints;

describe('trigger book', () => {
  it('fires in level order, nearest first, ties in key order, for any set of triggers', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            key: fc.string({ minLength: 1, maxLength: 3 }),
            level: fc.integer({ min: 90, max: 96 }),
            direction: fc.constantFrom<Direction>('at-or-above', 'at-or-below'),
          }),
          { selector: (t) => t.key, maxLength: 40 },
        ),
        (triggers) => {
          const book = createTriggerBook();
          for (const t of triggers)
            book.set({
              key: t.key,
              side: 'bid',
              direction: t.direction,
              level: pt(BigInt(t.level)),
            });
          // A bid of 200 reaches every "at or above" level, then one of 0 every "at or below".
          const order = (direction: Direction, nearest: (a: number, b: number) => number) =>
            triggers
              .filter((t) => t.direction === direction)
              .sort((a, b) => nearest(a.level, b.level) || (a.key < b.key ? -1 : 1))
              .map((t) => t.key);
          expect(book.fire(pt(200n), pt(200n)).map((t) => t.key)).toEqual(
            order('at-or-above', (a, b) => a - b),
          );
          expect(book.fire(pt(0n), pt(0n)).map((t) => t.key)).toEqual(
            order('at-or-below', (a, b) => b - a),
          );
        },
      ),
    );
  });

  it('fires nearest levels first in each heap, ties in key order; knows what it holds', () => {
    const book = createTriggerBook();
    for (const [key, level] of [
      ['sl-95', 95n],
      ['sl-100-b', 100n],
      ['sl-90', 90n],
      ['sl-100-a', 100n],
    ] as const)
      book.set({ key, side: 'bid', direction: 'at-or-below', level: pt(level) });
    for (const [key, level] of [
      ['tp-120', 120n],
      ['tp-110-b', 110n],
      ['tp-110-a', 110n],
    ] as const)
      book.set({ key, side: 'ask', direction: 'at-or-above', level: pt(level) });
    expect(book.size).toBe(7);
    expect(book.has('sl-90')).toBe(true);
    expect(book.has('nothing')).toBe(false);
    expect(book.fire(pt(80n), pt(130n)).map((t) => t.key)).toEqual([
      'sl-100-a',
      'sl-100-b',
      'sl-95',
      'sl-90',
      'tp-110-a',
      'tp-110-b',
      'tp-120',
    ]);
    expect(book.size).toBe(0);
    expect(book.has('sl-90')).toBe(false);
  });

  it('fires stops and limits on the side and direction they watch', () => {
    const book = createTriggerBook();
    book.set({ key: 'buy-tp', side: 'bid', direction: 'at-or-above', level: pt(110n) });
    book.set({ key: 'buy-sl', side: 'bid', direction: 'at-or-below', level: pt(90n) });
    book.set({ key: 'sell-tp', side: 'ask', direction: 'at-or-below', level: pt(95n) });
    book.set({ key: 'sell-sl', side: 'ask', direction: 'at-or-above', level: pt(108n) });
    expect(book.fire(pt(100n), pt(102n))).toEqual([]);
    expect(keysOf(book.fire(pt(105n), pt(108n)))).toEqual(['sell-sl']);
    expect(keysOf(book.fire(pt(111n), pt(113n)))).toEqual(['buy-tp']);
    book.set({ key: 'buy-sl', side: 'bid', direction: 'at-or-below', level: pt(85n) }); // moved
    book.remove('sell-tp'); // cancelled
    expect(keysOf(book.fire(pt(89n), pt(91n)))).toEqual([]);
    expect(keysOf(book.fire(pt(80n), pt(82n)))).toEqual(['buy-sl']);
    expect(book.size).toBe(0);
  });

  it('agrees with a scan of every trigger over a million seeded random ticks', () => {
    const seed = Number(process.env.TRIGGER_SEED ?? Date.now() % 2 ** 31);
    console.info(`trigger book differential test seed: ${seed} (replay with TRIGGER_SEED=${seed})`);
    const next = random(seed);
    const book = createTriggerBook();
    const naive = createNaiveBook();
    const sides: QuoteSide[] = ['bid', 'ask'];
    const directions: Direction[] = ['at-or-above', 'at-or-below'];
    let price = 100_000n;
    let mismatches = 0;
    let fired = 0;
    let keys = 0;
    const live: string[] = [];
    for (let tick = 0; tick < 1_000_000; tick++) {
      const action = next();
      if (action < 0.05) {
        // A new order or TP/SL near the market.
        const key = `k${keys++}`;
        const trigger: Trigger = {
          key,
          side: sides[Math.floor(next() * 2)]!,
          direction: directions[Math.floor(next() * 2)]!,
          level: pt(price + BigInt(Math.floor((next() - 0.5) * 400))),
        };
        book.set(trigger);
        naive.set(trigger);
        live.push(key);
      } else if (action < 0.06 && live.length > 0) {
        // A cancel, or a TP/SL moved.
        const key = live.splice(Math.floor(next() * live.length), 1)[0]!;
        if (next() < 0.5) {
          book.remove(key);
          naive.remove(key);
        } else {
          const moved: Trigger = {
            key,
            side: 'bid',
            direction: 'at-or-below',
            level: pt(price - BigInt(Math.floor(next() * 300))),
          };
          book.set(moved);
          naive.set(moved);
          live.push(key);
        }
      }
      price += BigInt(Math.round((next() - 0.5) * 20));
      const spread = BigInt(Math.floor(next() * 5));
      const a = keysOf(book.fire(pt(price), pt(price + spread)));
      const b = keysOf(naive.fire(price, price + spread));
      if (a.join() !== b.join()) mismatches += 1;
      fired += b.length;
      if (b.length) for (const k of b) live.splice(live.indexOf(k), 1);
    }
    expect(fired).toBeGreaterThan(10_000);
    expect(mismatches).toBe(0);
  });
});
