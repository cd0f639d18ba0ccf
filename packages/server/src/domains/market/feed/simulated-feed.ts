import type { Schedule } from '../catalogue.ts';
import { isMarketOpen } from '../market-hours.ts';
import { createListeners, type Feed, type Tick } from './feed.ts';
import { createRandom, normal, seedOf } from './random.ts';

export interface SimulatedInstrument {
  id: number;
  code: string;
  schedule: Schedule;
  precision: number;
  spreadPoints: number;
  /** Annualized volatility. */
  volatility: number;
  /** The level prices revert towards, in points. */
  anchorPoints: number;
  /** Where the walk starts, in points (the last known bid). */
  startPoints: number;
}

/** Steps of 250 ms: each instrument ticks with probability 0.6 per step, ~2.4 ticks a second. */
export const STEP_MS = 250;
const TICK_PROBABILITY = 0.6;
const YEAR_MS = 365 * 24 * 3_600_000;
/** Pull towards the anchor, per year: keeps a months-long demo near realistic prices. */
const REVERSION_PER_YEAR = 2;

interface Walk {
  instrument: SimulatedInstrument;
  random: () => number;
  logPrice: number;
  logAnchor: number;
  stepSigma: number;
  scale: number;
}

/**
 * The deterministic simulator: for a seed and a start, the same ticks at the same times,
 * whatever the timer jitter, because prices advance on a fixed grid of steps and every
 * instrument draws the same numbers per step whether or not it ticks. Silent outside the
 * instrument's session.
 */
export function createPriceWalk(options: {
  seed: number;
  instruments: readonly SimulatedInstrument[];
  startMs: number;
}) {
  let step = Math.floor(options.startMs / STEP_MS);
  const walks: Walk[] = options.instruments.map((instrument) => {
    const dt = STEP_MS / YEAR_MS;
    return {
      instrument,
      random: createRandom(seedOf(instrument.code, options.seed)),
      logPrice: Math.log(instrument.startPoints),
      logAnchor: Math.log(instrument.anchorPoints),
      // Moves happen only on ticking steps, so each carries the variance of 1/p steps.
      stepSigma: instrument.volatility * Math.sqrt(dt / TICK_PROBABILITY),
      scale: 1,
    };
  });

  function advanceWalk(walk: Walk, time: number): Tick | undefined {
    const ticks = walk.random() < TICK_PROBABILITY;
    const z = normal(walk.random);
    const volumeDraw = walk.random();
    if (!ticks || !isMarketOpen(walk.instrument.schedule, time)) return undefined;
    const reversion = (REVERSION_PER_YEAR * STEP_MS) / TICK_PROBABILITY / YEAR_MS;
    walk.logPrice += walk.stepSigma * z - reversion * (walk.logPrice - walk.logAnchor);
    const bid = Math.max(1, Math.round(Math.exp(walk.logPrice)));
    return {
      instrumentId: walk.instrument.id,
      bid,
      ask: bid + walk.instrument.spreadPoints,
      time,
      volume: 1 + Math.floor(volumeDraw * 20),
    };
  }

  return {
    /** Every tick of the steps up to `timeMs`, in time order. */
    advanceTo(timeMs: number): Tick[] {
      const ticks: Tick[] = [];
      const last = Math.floor(timeMs / STEP_MS);
      for (; step < last; ) {
        step += 1;
        const time = step * STEP_MS;
        for (const walk of walks) {
          const tick = advanceWalk(walk, time);
          if (tick) ticks.push(tick);
        }
      }
      return ticks;
    },
  };
}

/** The simulator as a live feed: a timer advances the walk to the clock. */
export function createSimulatedFeed(options: {
  seed: number;
  instruments: readonly SimulatedInstrument[];
  now: () => number;
}): Feed {
  const listeners = createListeners();
  let timer: NodeJS.Timeout | undefined;
  let walk: ReturnType<typeof createPriceWalk> | undefined;
  return {
    onTicks: listeners.add,
    start() {
      if (timer) return;
      walk ??= createPriceWalk({
        seed: options.seed,
        instruments: options.instruments,
        startMs: options.now(),
      });
      timer = setInterval(() => listeners.emit(walk!.advanceTo(options.now())), STEP_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
