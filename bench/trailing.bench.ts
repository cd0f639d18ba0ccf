// Trailing stops (issue 40): what a tick costs the trailing book at 1 000 and at 100 000
// trailing positions, each size in its own process, on the same seeded walk of quotes. The
// same 500 positions sit near the price at both sizes (they activate, begin to track, fire and
// are re-opened); the rest are far: most tracking 100 000–200 000 points behind (their stops
// move on every new extreme, and never fire), some waiting for an activation price the walk
// never reaches. What grows is the positions, not what the quotes do to them. A tick's cost is
// the quote and re-opening what it fired, near the price. Then the cost of
// a ratchet move (a `set` replacing a position's stop) and of positions beginning to track.
// Baseline in the same run: `trail` applied to every position on every tick (a prefix of the
// walk), at 100 000. Exits non-zero if the two fire differently or end in different states.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  asPricePoints,
  createTrailingBook,
  type Quote,
  type TrailingBook,
  type TrailingPosition,
  trail,
} from '@tradedesk/engine';
import { reportGoal } from './goals.ts';
import { random } from './seeded-random.ts';

const SEED = Number(process.env.BENCH_SEED ?? 20_261_140);
const TICKS = Number(process.env.BENCH_TICKS ?? 100_000);
/** `trail` on every position costs milliseconds a tick at 10⁵: it runs a prefix only. */
const BASELINE_TICKS = Math.min(TICKS, Number(process.env.BENCH_BASELINE_TICKS ?? 200));
const NEAR = 500;
const SIZES = [1_000, 100_000];
/** Ratchet moves timed (fewer at 1 000: all its far positions that track). */
const MOVES = 20_000;
/** Rounds of positions set to begin tracking together on one quote. */
const JOINS = 1_000;
const JOIN_ROUNDS = 10;
const START_BID = 1_000_000n;

/** A position's figures are a pure function of (seed, id, what): both sizes open the same near ones. */
const unit = (seed: number, id: number, what: number) =>
  random(seed ^ Math.imul(id, 0x9e3779b1) ^ Math.imul(what + 1, 0x85ebca6b))();
const points = (seed: number, id: number, what: number, min: number, span: number) =>
  BigInt(min + Math.floor(unit(seed, id, what) * span));
const pt = asPricePoints;

/** A near position opened at the quote: 20–200 points behind, a third from an activation price. */
function nearPosition(seed: number, id: number, key: string, quote: Quote): TrailingPosition {
  const side = unit(seed, id, 0) < 0.5 ? 'buy' : 'sell';
  const sign = side === 'buy' ? 1n : -1n;
  const price = side === 'buy' ? quote.bid : quote.ask;
  const distance = points(seed, id, 1, 20, 180);
  const activation = unit(seed, id, 2) < 0.33 ? price + sign * points(seed, id, 3, 0, 100) : 0n;
  const stopLoss =
    unit(seed, id, 4) < 0.5 ? price - sign * (distance + points(seed, id, 5, 0, 100)) : 0n;
  return {
    key,
    side,
    trailing: { distance: pt(distance), activation: pt(activation), active: false },
    stopLoss: pt(stopLoss),
  };
}

/** A far position: tracking from the opening quote, or waiting for an activation never reached. */
function farPosition(seed: number, id: number, key: string, quote: Quote): TrailingPosition {
  const side = unit(seed, id, 0) < 0.5 ? 'buy' : 'sell';
  const sign = side === 'buy' ? 1n : -1n;
  const price = side === 'buy' ? quote.bid : quote.ask;
  const distance = points(seed, id, 1, 100_000, 100_000);
  const waiting = unit(seed, id, 2) < 0.2;
  return {
    key,
    side,
    trailing: {
      distance: pt(distance),
      activation: pt(waiting ? price + sign * 500_000n : 0n),
      active: !waiting,
    },
    stopLoss: pt(price - sign * (distance + (waiting ? points(seed, id, 3, 0, 10_000) : 0n))),
  };
}

/** The walk: steps of −6…+6 points, spreads of 1–4, the same at every size. */
function walk(seed: number, ticks: number): Quote[] {
  const next = random(seed ^ 0x5bd1e995);
  const quotes: Quote[] = [];
  let bid = START_BID;
  for (let t = 0; t < ticks; t++) {
    bid += BigInt(Math.floor(next() * 13) - 6);
    quotes.push({ bid: pt(bid), ask: pt(bid + BigInt(1 + Math.floor(next() * 4))) });
  }
  return quotes;
}

/** What both engines offer the run: open a position, apply a quote (the keys it fired, sorted). */
interface Engine {
  open(position: TrailingPosition): void;
  tick(quote: Quote): string[];
  /** Σ stops and number active over the keys given: the two must end alike. */
  digest(keys: Iterable<string>): string;
}

function bookEngine(): Engine & { book: TrailingBook } {
  const book = createTrailingBook();
  return {
    book,
    open: (position) => book.set(position),
    tick: (quote) => book.tick(quote).map((p) => p.key),
    digest(keys) {
      let stops = 0n;
      let active = 0;
      for (const key of keys) {
        const p = book.current(key);
        if (p !== undefined) [stops, active] = [stops + p.stopLoss, active + +p.trailing.active];
      }
      return `${stops}:${active}`;
    },
  };
}

/** The baseline: `trail` on every position of the instrument on every quote. */
function naiveEngine(): Engine {
  const held: TrailingPosition[] = [];
  return {
    open: (position) => void held.push(position),
    tick(quote) {
      const fired: string[] = [];
      // Backwards, so a fired position is swapped out with the last one in place.
      for (let i = held.length - 1; i >= 0; i--) {
        const p = held[i]!;
        const after = trail(p.side, p.trailing, p.stopLoss, quote);
        if (after.moved || after.active !== p.trailing.active)
          held[i] = {
            ...p,
            trailing: { ...p.trailing, active: after.active },
            stopLoss: after.stopLoss,
          };
        const stop = after.stopLoss;
        if (stop > 0n && (p.side === 'buy' ? quote.bid <= stop : quote.ask >= stop)) {
          fired.push(p.key);
          held[i] = held[held.length - 1]!;
          held.pop();
        }
      }
      return fired;
    },
    digest(keys) {
      const byKey = new Map(held.map((p) => [p.key, p]));
      let stops = 0n;
      let active = 0;
      for (const key of keys) {
        const p = byKey.get(key);
        if (p !== undefined) [stops, active] = [stops + p.stopLoss, active + +p.trailing.active];
      }
      return `${stops}:${active}`;
    },
  };
}

interface Run {
  size: number;
  engine: 'book' | 'naive';
  ticks: number;
  nsPerTick: number;
  /** Mean over the baseline's prefix: the naive scan is compared on the same quotes. */
  prefixNsPerTick: number;
  p99Us: number;
  loadMs: number;
  /** [tick, fired keys] for every tick that fired anything, over the baseline's prefix. */
  fired: [number, string][];
  firedTotal: number;
  farFired: number;
  digest: string;
  /**
   * Book only: ns per ratchet move (a set replacing a stop), per lookup of the same positions
   * (`current`: what memory alone costs at this size) and per position joining tracking.
   */
  moveNs?: number;
  lookupNs?: number;
  joinNs?: number;
}

function run(engine: 'book' | 'naive', seed: number, size: number, ticks: number): Run {
  const quotes = walk(seed, ticks);
  const loadStart = performance.now();
  const e: Engine & { book?: TrailingBook } = engine === 'book' ? bookEngine() : naiveEngine();
  const first: Quote = { bid: pt(START_BID), ask: pt(START_BID + 2n) };
  const keys: string[] = [];
  for (let id = 0; id < size; id++) {
    const key = id < NEAR ? `n${id}` : `f${id}`;
    keys.push(key);
    e.open(id < NEAR ? nearPosition(seed, id, key, first) : farPosition(seed, id, key, first));
  }
  // The opening quote, untimed: the far positions that track begin to, all on it.
  if (e.tick(first).length > 0) throw new Error('the opening quote fired positions');
  const loadMs = performance.now() - loadStart;
  (globalThis as { gc?: () => void }).gc?.();
  const times = new Float64Array(ticks);
  const fired: [number, string][] = [];
  let [firedTotal, farFired, reopened] = [0, 0, 0];
  let digest = '';
  for (let t = 0; t < ticks; t++) {
    const quote = quotes[t]!;
    const start = process.hrtime.bigint();
    const keysFired = e.tick(quote);
    // A new near position for each one fired, so the near ones stay 500 and keep firing.
    keysFired.sort();
    for (let k = 0; k < keysFired.length; k++) {
      const id = 1_000_000_000 + reopened++;
      e.open(nearPosition(seed, id, `r${id}`, quote));
      keys.push(`r${id}`);
    }
    times[t] = Number(process.hrtime.bigint() - start);
    firedTotal += keysFired.length;
    for (const key of keysFired) if (key.startsWith('f')) farFired += 1;
    if (t < BASELINE_TICKS && keysFired.length > 0) fired.push([t, keysFired.join()]);
    if (t === BASELINE_TICKS - 1) digest = e.digest(keys);
  }
  const prefix = Math.min(ticks, BASELINE_TICKS);
  const prefixNsPerTick = times.subarray(0, prefix).reduce((s, v) => s + v, 0) / prefix;
  const sorted = Float64Array.from(times).sort();
  const total = sorted.reduce((s, v) => s + v, 0);
  const result: Run = {
    ...{
      size,
      engine,
      ticks,
      nsPerTick: total / ticks,
      prefixNsPerTick,
      p99Us: sorted[Math.floor(ticks * 0.99)]! / 1e3,
    },
    ...{ loadMs, fired, firedTotal, farFired, digest },
  };
  if (e.book) Object.assign(result, moves(e.book, seed, size, quotes.at(-1)!));
  return result;
}

/** Ratchet moves on far positions, then rounds of new positions that begin tracking on one quote. */
function moves(book: TrailingBook, seed: number, size: number, quote: Quote) {
  // Distinct far positions that track, in a seeded order: each move takes one out of its group.
  const next = random(seed ^ 0x27d4eb2f);
  const tracking: TrailingPosition[] = [];
  for (let id = NEAR; id < size; id++) {
    const p = book.current(`f${id}`);
    if (p?.trailing.active) tracking.push(p);
  }
  for (let i = tracking.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [tracking[i], tracking[j]] = [tracking[j]!, tracking[i]!];
  }
  // The server tightens a stop by a few points: it waits until the price comes to follow it.
  const targets = tracking.slice(0, MOVES).map((p) => ({
    ...p,
    stopLoss: pt(p.side === 'buy' ? p.stopLoss + 5n : p.stopLoss - 5n),
  }));
  // The floor under a move at this size: finding each position and reading it, nothing more.
  (globalThis as { gc?: () => void }).gc?.();
  const lookupStart = process.hrtime.bigint();
  for (const p of targets) book.current(p.key);
  const lookupNs = Number(process.hrtime.bigint() - lookupStart) / targets.length;
  (globalThis as { gc?: () => void }).gc?.();
  const moveStart = process.hrtime.bigint();
  for (const p of targets) book.set(p);
  const moveNs = Number(process.hrtime.bigint() - moveStart) / targets.length;
  // Rounds of positions set to begin tracking on the next quote; only that quote is timed.
  let joinTotal = 0;
  for (let round = 0; round < JOIN_ROUNDS; round++) {
    for (let i = 0; i < JOINS; i++) {
      const id = 2_000_000_000 + round * JOINS + i;
      const p = farPosition(seed, id, `j${id}`, quote);
      book.set({ ...p, trailing: { ...p.trailing, activation: pt(0n), active: true } });
    }
    (globalThis as { gc?: () => void }).gc?.();
    const joinStart = process.hrtime.bigint();
    book.tick(quote);
    joinTotal += Number(process.hrtime.bigint() - joinStart);
  }
  const joinNs = joinTotal / (JOIN_ROUNDS * JOINS);
  return { moveNs, lookupNs, joinNs };
}

const child = process.env.TRAILING_BENCH_CHILD;
if (child) {
  const [engine, size] = child.split(':') as ['book' | 'naive', string];
  // Warm-up on another seed, so the measured ticks run optimised code.
  run(engine, SEED + 1, 2_000, engine === 'book' ? 20_000 : 50);
  const result = run(engine, SEED, Number(size), engine === 'book' ? TICKS : BASELINE_TICKS);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const measure = (engine: 'book' | 'naive', size: number): Run => {
    const out = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=4096',
        '--expose-gc',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
      ],
      {
        env: { ...process.env, TRAILING_BENCH_CHILD: `${engine}:${size}` },
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    if (out.status !== 0) process.exit(out.status ?? 1);
    return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as Run;
  };
  const [small, large] = SIZES.map((size) => measure('book', size)) as [Run, Run];
  const naive = measure('naive', SIZES[1]!);
  report(small, large, naive);
}

function report(small: Run, large: Run, naive: Run): void {
  console.info(
    `\nTrailing stops: ${NEAR} positions near the price at both sizes, the rest far (80 % tracking, 20 % waiting), a seeded walk of ${TICKS} ticks (seed ${SEED}, BENCH_SEED); the naive scan runs the first ${BASELINE_TICKS}`,
  );
  console.info(
    `${'engine'.padEnd(12)} ${'positions'.padStart(10)} ${'ticks'.padStart(8)} ${'ns/tick'.padStart(12)} ${'p99 µs'.padStart(9)} ${'fired'.padStart(7)} ${'load ms'.padStart(8)} ${'set ns'.padStart(7)} ${'look ns'.padStart(8)} ${'join ns'.padStart(8)}`,
  );
  for (const r of [small, large, naive])
    console.info(
      `${(r.engine === 'book' ? 'trailing book' : 'naive trail').padEnd(12)} ${String(r.size).padStart(10)} ${String(r.ticks).padStart(8)} ${r.nsPerTick.toFixed(0).padStart(12)} ${r.p99Us.toFixed(1).padStart(9)} ${String(r.firedTotal).padStart(7)} ${r.loadMs.toFixed(0).padStart(8)} ${(r.moveNs?.toFixed(0) ?? '—').padStart(7)} ${(r.lookupNs?.toFixed(0) ?? '—').padStart(8)} ${(r.joinNs?.toFixed(0) ?? '—').padStart(8)}`,
    );
  const growth = large.nsPerTick / small.nsPerTick;
  const moveGrowth = large.moveNs! / small.moveNs!;
  const joinGrowth = large.joinNs! / small.joinNs!;
  const lookupGrowth = large.lookupNs! / small.lookupNs!;
  // Over the same quotes; the book's first ones include pairing its freshly loaded heaps on
  // their first pops (O(n) once, the pairing heap's deferred work), so the whole run is shown too.
  const gain = naive.prefixNsPerTick / large.prefixNsPerTick;
  const steadyGain = naive.nsPerTick / large.nsPerTick;
  console.info(
    `ratio 10⁵/10³: per tick ${growth.toFixed(2)}× (goal ≤ 2×), ratchet move ${moveGrowth.toFixed(2)}× (a bare lookup of the same positions ${lookupGrowth.toFixed(2)}×) and joining ${joinGrowth.toFixed(2)}× (goal ≤ 3×); at 10⁵ the naive scan costs ${gain.toFixed(0)}× the book per tick over the same ${BASELINE_TICKS} quotes, ${steadyGain.toFixed(0)}× its mean over the whole walk`,
  );
  reportGoal('trailing', 'book per tick at 10⁵ / at 10³ positions (issue 40)', growth, {
    atMost: 2,
  });
  reportGoal('trailing', 'ratchet move (set) at 10⁵ / at 10³ positions', moveGrowth, { atMost: 3 });
  reportGoal('trailing', 'joining tracking at 10⁵ / at 10³ positions', joinGrowth, { atMost: 3 });
  const sameFires = (a: Run, b: Run) => JSON.stringify(a.fired) === JSON.stringify(b.fired);
  const problems = [
    !sameFires(large, naive) && 'the book and the naive scan fired differently',
    large.digest !== naive.digest && 'the book and the naive scan ended with different stops',
    (!sameFires(small, large) || small.firedTotal !== large.firedTotal) &&
      'the two sizes fired differently: the near positions are not the same',
    large.farFired + small.farFired > 0 && 'far positions fired: the sizes do not compare',
    naive.firedTotal === 0 && 'nothing fired over the prefix: the comparison proves nothing',
  ].filter((p) => p !== false);
  if (problems.length > 0) {
    for (const p of problems) console.error(`${p}: figures are void`);
    process.exit(1);
  }
  console.info(
    `over the first ${BASELINE_TICKS} ticks the book and the naive scan fired the same ${naive.firedTotal} positions on the same ticks and ended with the same stops; both sizes fired the same near positions`,
  );
}
