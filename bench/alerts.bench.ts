// Price alerts (issue 41): 1 000 and 100 000 alerts over 30 instruments in the engine's
// trigger books, as the server's alert watch keeps them (bid or ask, above or below, a re-arm
// trigger for a repeating alert that fired), and one seeded stream of ticks through both.
// Measures the cost per tick at each size: the books keep their nearest levels at their
// roots, so a tick costs in proportion to what it fires, not to how many alerts wait.
// Goal: per tick at 10⁵ ≤ 2× at 10³, in the same run. Replay with BENCH_SEED.
import {
  asPricePoints,
  createTriggerBook,
  type Direction,
  type QuoteSide,
  type TriggerBook,
} from '@tradedesk/engine';
import { reportGoal } from './goals.ts';
import { random } from './seeded-random.ts';

const SEED = Number(process.env.BENCH_SEED ?? 20_261_141);
const INSTRUMENTS = 30;
const TICKS = 200_000;
const SPREAD = 8;
const START = 100_000;

interface World {
  books: TriggerBook[];
  /** Alerts fired and armed again over the walk (each fired one is re-placed away). */
  fired: number;
}

/** `count` alerts spread over the instruments, 1 % to 5 % away from the start in either way. */
function load(count: number, next: () => number): World {
  const books = Array.from({ length: INSTRUMENTS }, () => createTriggerBook());
  for (let id = 0; id < count; id++) {
    const above = next() < 0.5;
    const away = Math.floor(START * (0.01 + next() * 0.04));
    books[id % INSTRUMENTS]!.set({
      key: `${id}:fire`,
      side: (next() < 0.5 ? 'bid' : 'ask') as QuoteSide,
      direction: (above ? 'at-or-above' : 'at-or-below') as Direction,
      level: asPricePoints(BigInt(above ? START + away : START - away)),
    });
  }
  return { books, fired: 0 };
}

/** The same walk for every size: a fired alert is placed again 3 % away, as a trader would. */
function run(world: World, walk: () => number): number {
  const bids = Array.from({ length: INSTRUMENTS }, () => START);
  const started = process.hrtime.bigint();
  for (let i = 0; i < TICKS; i++) {
    const instrument = i % INSTRUMENTS;
    bids[instrument] = Math.max(1_000, bids[instrument]! + Math.round((walk() - 0.5) * 40));
    const bid = asPricePoints(BigInt(bids[instrument]!));
    const ask = asPricePoints(BigInt(bids[instrument]! + SPREAD));
    const book = world.books[instrument]!;
    for (const trigger of book.fire(bid, ask)) {
      world.fired += 1;
      const above = trigger.direction === 'at-or-above';
      const away = BigInt(Math.floor(bids[instrument]! * 0.03));
      book.set({ ...trigger, level: asPricePoints(above ? bid + away : bid - away) });
    }
  }
  return Number(process.hrtime.bigint() - started) / TICKS;
}

const sizes = [1_000, 100_000];
const perTick: number[] = [];
const fired: number[] = [];
for (const size of sizes) {
  const world = load(size, random(SEED));
  // A warm-up pass on another walk, then the measured one (the same for every size).
  run(world, random(SEED + 1));
  world.fired = 0;
  perTick.push(run(world, random(SEED + 2)));
  fired.push(world.fired);
}
console.info(
  `\nPrice alerts: ${sizes.join(' and ')} alerts over ${INSTRUMENTS} instruments, ${TICKS} ticks round-robin (seed ${SEED}, BENCH_SEED)`,
);
console.info('alerts       ns/tick   fired');
for (const [i, size] of sizes.entries())
  console.info(
    `${String(size).padStart(7)}  ${perTick[i]!.toFixed(0).padStart(9)}  ${String(fired[i]).padStart(6)}`,
  );
const growth = perTick[1]! / perTick[0]!;
console.info(`ratio 10⁵/10³ per tick: ${growth.toFixed(2)}× (goal ≤ 2×)`);
reportGoal('alerts', 'trigger books per tick at 10⁵ / at 10³ alerts (issue 41)', growth, {
  atMost: 2,
});
