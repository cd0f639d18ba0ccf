// Trigger engine: 100 000 open positions with TP and SL over 30 instruments and a seeded
// stream of ticks. Measures ticks/s and per-tick latency of the engine's trigger books against
// a naive scan of every position of the ticked instrument, on the same stream in the same run,
// checks that both closed the same positions on the same ticks, and prints the ratios.
// Bounded: it stops by itself. Exits non-zero if the two disagree.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  asPricePoints,
  createTriggerBook,
  exitTriggers,
  type PricePoints,
  type Trigger,
  type TriggerBook,
} from '@tradedesk/engine';
import { random } from './seeded-random.ts';

const SEED = Number(process.env.BENCH_SEED ?? 20_261_103);
const INSTRUMENTS = 30;
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const TICKS = Number(process.env.BENCH_TICKS ?? 200_000);
// The naive scan costs a few hundred µs a tick, so it runs a prefix of the stream only (about
// 20 s); the books' figures compared with it are taken over the same prefix.
const BASELINE_TICKS = Math.min(TICKS, Number(process.env.BENCH_BASELINE_TICKS ?? 60_000));

/**
 * A position's side and distances are a pure function of (seed, id, what), not drawn from a
 * shared sequence, so each engine can run alone and still re-open exactly the same positions.
 */
const unit = (seed: number, id: number, what: number) =>
  random(seed ^ Math.imul(id, 0x9e3779b1) ^ Math.imul(what + 1, 0x85ebca6b))();

/** TP/SL distance in points: far enough from the spread that a fresh position never fires at once. */
const distance = (seed: number, id: number, what: number) =>
  BigInt(100 + Math.floor(unit(seed, id, what) * 4_900));

/** Opens position `id` at the quote: a buy at the ask (closes on the bid), a sell at the bid. */
function positionTriggers(seed: number, id: number, bid: PricePoints, ask: PricePoints): Trigger[] {
  const tp = distance(seed, id, 1);
  const sl = distance(seed, id, 2);
  // A price moved by a distance in points is a price.
  return unit(seed, id, 0) < 0.5
    ? exitTriggers(id, 'buy', asPricePoints(ask + tp), asPricePoints(ask - sl))
    : exitTriggers(id, 'sell', asPricePoints(bid - tp), asPricePoints(bid + sl));
}

interface Scenario {
  seed: number;
  positions: number;
  /** Which instrument each initial position is on. */
  instrumentOf: Uint8Array;
  startBid: BigInt64Array;
  startAsk: BigInt64Array;
  tickInstrument: Uint8Array;
  bid: BigInt64Array;
  ask: BigInt64Array;
}

/** Start prices, where the positions are, and a random walk of ticks round-robin over instruments. */
function scenario(seed: number, positions: number, ticks: number): Scenario {
  const next = random(seed);
  const price = new BigInt64Array(INSTRUMENTS);
  const startBid = new BigInt64Array(INSTRUMENTS);
  const startAsk = new BigInt64Array(INSTRUMENTS);
  const spread = () => BigInt(1 + Math.floor(next() * 4));
  for (let i = 0; i < INSTRUMENTS; i++) {
    price[i] = BigInt(50_000 + Math.floor(next() * 100_000));
    startBid[i] = price[i]!;
    startAsk[i] = price[i]! + spread();
  }
  const instrumentOf = new Uint8Array(positions);
  for (let id = 0; id < positions; id++) instrumentOf[id] = Math.floor(next() * INSTRUMENTS);
  const tickInstrument = new Uint8Array(ticks);
  const bid = new BigInt64Array(ticks);
  const ask = new BigInt64Array(ticks);
  for (let t = 0; t < ticks; t++) {
    const i = t % INSTRUMENTS;
    // Steps of at most ±6 points: over the 2 000 ticks of the baseline's prefix an instrument
    // wanders ~150 points, so a per cent or two of the TP/SL levels (100–5 000 points away) are
    // reached; over the whole stream a few per cent.
    price[i] = price[i]! + BigInt(Math.round((next() - 0.5) * 12));
    tickInstrument[t] = i;
    bid[t] = price[i]!;
    ask[t] = price[i]! + spread();
  }
  return { seed, positions, instrumentOf, startBid, startAsk, tickInstrument, bid, ask };
}

/** What both engines offer the run loop. A fired position is coded id·2 (TP) or id·2 + 1 (SL). */
interface Engine {
  open(instrument: number, id: number, triggers: Trigger[]): void;
  /** Closes every position of the instrument the quote reaches; returns their codes. */
  tick(instrument: number, bid: PricePoints, ask: PricePoints): number[];
}

/** The candidate: the engine's trigger books, one per instrument, used as the server uses them. */
function bookEngine(): Engine {
  const books: TriggerBook[] = Array.from({ length: INSTRUMENTS }, () => createTriggerBook());
  return {
    open(instrument, _id, triggers) {
      for (const trigger of triggers) books[instrument]!.set(trigger);
    },
    tick(instrument, bid, ask) {
      const book = books[instrument]!;
      const codes: number[] = [];
      for (const { key } of book.fire(bid, ask)) {
        const colon = key.indexOf(':');
        const id = Number(key.slice(0, colon));
        // A fired TP or SL closes the position, so its other trigger goes too (the server's disarm).
        book.remove(`${id}:tp`);
        book.remove(`${id}:sl`);
        codes.push(id * 2 + (key.endsWith(':sl') ? 1 : 0));
      }
      return codes;
    },
  };
}

/** The baseline: every position of the instrument checked on every tick, as in the differential test. */
function naiveEngine(): Engine {
  const open: { id: number; triggers: Trigger[] }[][] = Array.from(
    { length: INSTRUMENTS },
    () => [],
  );
  return {
    open(instrument, id, triggers) {
      open[instrument]!.push({ id, triggers });
    },
    tick(instrument, bid, ask) {
      const list = open[instrument]!;
      const codes: number[] = [];
      // Backwards, so a closed position can be swapped out with the last one in place.
      for (let i = list.length - 1; i >= 0; i--) {
        const position = list[i]!;
        for (let j = 0; j < position.triggers.length; j++) {
          const t = position.triggers[j]!;
          const price = t.side === 'bid' ? bid : ask;
          if (t.direction === 'at-or-above' ? price >= t.level : price <= t.level) {
            // exitTriggers gives TP first, then SL.
            codes.push(position.id * 2 + j);
            list[i] = list[list.length - 1]!;
            list.pop();
            break;
          }
        }
      }
      return codes;
    },
  };
}

/** What one engine's process reports. */
interface Run {
  loadMs: number;
  /** Nanoseconds per tick. */
  latencies: number[];
  /** Wall time of the first BASELINE_TICKS ticks and of all of them. */
  prefixNs: number;
  totalNs: number;
  /** [tick, sorted codes joined] for every tick that closed anything. */
  closed: [number, string][];
}

function run(makeEngine: () => Engine, s: Scenario, ticks: number, prefix: number): Run {
  const loadStart = process.hrtime.bigint();
  const engine = makeEngine();
  for (let id = 0; id < s.positions; id++) {
    const i = s.instrumentOf[id]!;
    const bid = asPricePoints(s.startBid[i]!);
    const ask = asPricePoints(s.startAsk[i]!);
    engine.open(i, id, positionTriggers(s.seed, id, bid, ask));
  }
  const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;
  const latencies = new Float64Array(ticks);
  const closed: [number, string][] = [];
  let nextId = s.positions;
  let prefixNs = 0;
  const start = process.hrtime.bigint();
  for (let t = 0; t < ticks; t++) {
    const i = s.tickInstrument[t]!;
    // The scenario's typed arrays hold points; the engine takes them typed as prices.
    const bid = asPricePoints(s.bid[t]!);
    const ask = asPricePoints(s.ask[t]!);
    const t0 = process.hrtime.bigint();
    const codes = engine.tick(i, bid, ask);
    // A new position for every closed one, in code order so both engines number them alike:
    // the book stays at its size and keeps firing.
    codes.sort((a, b) => a - b);
    for (let k = 0; k < codes.length; k++) {
      const id = nextId++;
      engine.open(i, id, positionTriggers(s.seed, id, bid, ask));
    }
    const t1 = process.hrtime.bigint();
    latencies[t] = Number(t1 - t0);
    if (codes.length > 0) closed.push([t, codes.join()]);
    if (t === prefix - 1) prefixNs = Number(t1 - start);
  }
  const totalNs = Number(process.hrtime.bigint() - start);
  return { loadMs, latencies: Array.from(latencies), prefixNs, totalNs, closed };
}

const engines = { books: bookEngine, naive: naiveEngine };
const mode = process.argv[2];

if (mode === 'books' || mode === 'naive') {
  // One engine per process: run one after the other in the same heap, the second is measured
  // among the first one's garbage (that made the naive scan 4–5× slower here), not on its own.
  const makeEngine = engines[mode];
  // Warm-up on a smaller scenario of another seed, so the measured ticks run optimised code.
  const warm = scenario(SEED + 1, 3_000, 10_000);
  run(makeEngine, warm, 10_000, 10_000);
  const ticks = mode === 'books' ? TICKS : BASELINE_TICKS;
  process.stdout.write(
    JSON.stringify(run(makeEngine, scenario(SEED, POSITIONS, TICKS), ticks, BASELINE_TICKS)),
  );
} else {
  const measure = (engine: keyof typeof engines): Run => {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), engine],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (child.status !== 0) process.exit(child.status ?? 1);
    return JSON.parse(child.stdout) as Run;
  };
  const books = measure('books');
  const naive = measure('naive');

  interface Figures {
    ticksPerSecond: number;
    p50: number;
    p99: number;
    max: number;
    closed: number;
  }
  /** Figures over the first `ticks` ticks of a run, latencies in µs. */
  const figures = (r: Run, ticks: number, ns: number): Figures => {
    const sorted = Float64Array.from(r.latencies.slice(0, ticks)).sort();
    const at = (p: number) => sorted[Math.min(ticks - 1, Math.floor(ticks * p))]! / 1000;
    let closed = 0;
    for (const [t, codes] of r.closed) if (t < ticks) closed += codes.split(',').length;
    return { ticksPerSecond: ticks / (ns / 1e9), p50: at(0.5), p99: at(0.99), max: at(1), closed };
  };
  const bookAll = figures(books, TICKS, books.totalNs);
  const bookPrefix = figures(books, BASELINE_TICKS, books.prefixNs);
  const naivePrefix = figures(naive, BASELINE_TICKS, naive.totalNs);
  // Ticks, of those both ran, on which the two closed different positions (or TP against SL).
  const byTick = (r: Run) => new Map(r.closed.filter(([t]) => t < BASELINE_TICKS));
  const [a, b] = [byTick(books), byTick(naive)];
  let wrong = 0;
  for (const t of new Set([...a.keys(), ...b.keys()])) if (a.get(t) !== b.get(t)) wrong += 1;

  const row = (name: string, f: Figures, loadMs: number) =>
    `${name.padEnd(26)} ${f.ticksPerSecond.toFixed(0).padStart(10)} ${f.p50.toFixed(2).padStart(9)} ${f.p99.toFixed(2).padStart(9)} ${f.max.toFixed(0).padStart(9)} ${String(f.closed).padStart(8)} ${loadMs.toFixed(0).padStart(8)}`;
  console.info(
    `\nTrigger engine: ${POSITIONS} positions with TP and SL over ${INSTRUMENTS} instruments, ${TICKS} ticks round-robin, each engine in its own process (seed ${SEED}, replay with BENCH_SEED=${SEED})`,
  );
  if (BASELINE_TICKS < TICKS)
    console.info(
      `the naive scan ran the first ${BASELINE_TICKS} ticks only; both are compared over those`,
    );
  console.info(
    `${'engine'.padEnd(26)} ${'ticks/s'.padStart(10)} ${'p50 µs'.padStart(9)} ${'p99 µs'.padStart(9)} ${'max µs'.padStart(9)} ${'closed'.padStart(8)} ${'load ms'.padStart(8)}`,
  );
  if (BASELINE_TICKS < TICKS) console.info(row('trigger books, all ticks', bookAll, books.loadMs));
  console.info(row('trigger books', bookPrefix, books.loadMs));
  console.info(row('naive scan', naivePrefix, naive.loadMs));
  console.info(
    `ratio books/naive: throughput ${(bookPrefix.ticksPerSecond / naivePrefix.ticksPerSecond).toFixed(1)}×; naive/books: p50 latency ${(naivePrefix.p50 / bookPrefix.p50).toFixed(1)}×, p99 latency ${(naivePrefix.p99 / bookPrefix.p99).toFixed(1)}×`,
  );
  if (wrong > 0 || naivePrefix.closed === 0) {
    console.error(
      `the two disagree on ${wrong} of ${BASELINE_TICKS} ticks (naive closed ${naivePrefix.closed}, books ${bookPrefix.closed}): figures are void`,
    );
    process.exit(1);
  }
  console.info(
    `both closed the same ${naivePrefix.closed} positions (TP or SL alike) on the same ticks; each re-opened at once`,
  );
}
