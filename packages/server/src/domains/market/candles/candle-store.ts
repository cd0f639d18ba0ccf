import type { Period } from '@tradedesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Tick } from '../feed/feed.ts';
import type { InstrumentRecord, MarketRepository } from '../market.repository.ts';
import { decimalToPoints } from '../prices.ts';
import { generateHistory } from './backfill.ts';
import { type CandlePoints, PERIOD_LADDER } from './buckets.ts';
import { CANDLES_KEPT, type CandleChange, createCandleBook } from './candle-book.ts';

const SAVE_EVERY_MS = 5_000;

interface CandleRow {
  instrumentId: number;
  period: Period;
  candle: CandlePoints;
}

/**
 * The candles in memory and in the database. On a fresh database it generates history for
 * every instrument; afterwards it saves candles as ticks change them (every 5 s and at
 * shutdown, in order) and reloads them at start. It remembers which current candles changed
 * since the socket last published.
 */
export function createCandleStore(deps: {
  repository: MarketRepository;
  now: () => number;
  seed: number;
  log: FastifyBaseLogger;
}) {
  const { repository, log } = deps;
  const book = createCandleBook();
  const dirty = new Map<string, CandleRow>();
  /** The newest state of each candle that changed since the socket last published. */
  const unpublished = new Map<string, CandleChange>();
  let saving = Promise.resolve();
  let saveTimer: NodeJS.Timeout | undefined;
  let listed: readonly InstrumentRecord[] = [];

  function save(): Promise<void> {
    if (dirty.size === 0) return saving;
    const rows = [...dirty.values()];
    dirty.clear();
    // One save at a time, in order, so an older state never overwrites a newer one.
    saving = saving
      .then(() => repository.saveCandles(rows))
      .catch((error: unknown) => log.error({ err: error }, 'saving candles failed'));
    return saving;
  }

  /** Generates the instrument's history into the book and `generated`; its newest minute. */
  function generate(record: InstrumentRecord, generated: CandleRow[]): CandlePoints[] {
    const history = generateHistory({
      code: record.code,
      schedule: record.schedule,
      volatility: Number(record.volatility),
      closePoints: decimalToPoints(record.anchorPrice, record.precision),
      endMs: deps.now(),
      seed: deps.seed,
    });
    for (const [period, candles] of history) {
      for (const candle of candles) generated.push({ instrumentId: record.id, period, candle });
      book.load(record.id, period, candles);
    }
    return history.get('1min')!.slice(-1);
  }

  return {
    /**
     * Loads every instrument's candles, generating history where there is none (saved in one
     * go at the end), and hands each instrument's newest minute candle to `loaded`.
     */
    async load(
      records: readonly InstrumentRecord[],
      loaded: (record: InstrumentRecord, newest: CandlePoints) => void,
    ): Promise<void> {
      const generated: CandleRow[] = [];
      listed = records;
      for (const record of records) {
        let newest = await repository.recentCandles(record.id, '1min', 1);
        if (newest.length === 0) {
          newest = generate(record, generated);
        } else {
          for (const period of PERIOD_LADDER) {
            book.load(
              record.id,
              period,
              await repository.recentCandles(record.id, period, CANDLES_KEPT),
            );
          }
        }
        loaded(record, newest[0]!);
      }
      if (generated.length > 0) {
        log.info({ candles: generated.length }, 'generated candle history');
        await repository.saveCandles(generated);
      }
    },

    /** The instrument's candles of the period in memory, oldest first. */
    candles(instrumentId: number, period: Period): readonly CandlePoints[] {
      return book.candles(instrumentId, period);
    },

    /** Applies ticks to the candles; returns every candle that changed (and those that ended). */
    apply(ticks: readonly Tick[]): readonly CandleChange[] {
      const changes = book.apply(ticks);
      for (const change of changes) {
        dirty.set(`${change.instrumentId}:${change.period}:${change.candle.time}`, change);
        if (!change.final) unpublished.set(`${change.instrumentId}:${change.period}`, change);
      }
      return changes;
    },

    /** The current candles that changed since `published()` was last called, newest states. */
    unpublished: (): Iterable<CandleChange> => unpublished.values(),

    /** The socket has published every candle `unpublished()` gives. */
    published(): void {
      unpublished.clear();
    },

    startSaving(): void {
      clearInterval(saveTimer);
      saveTimer = setInterval(() => void save(), SAVE_EVERY_MS);
      saveTimer.unref();
    },

    /** Stops the periodic save and saves what is left (`flush: false`: drops it instead). */
    async stopSaving(options: { flush: boolean } = { flush: true }): Promise<void> {
      clearInterval(saveTimer);
      saveTimer = undefined;
      if (options.flush) await save();
      else dirty.clear();
    },

    /**
     * Scale-out: a node that does not hold the feed keeps candles in memory from the bus's
     * ticks but writes none; what it would have saved is dropped every round.
     */
    discardUnsaved(): void {
      clearInterval(saveTimer);
      saveTimer = setInterval(() => dirty.clear(), SAVE_EVERY_MS);
      saveTimer.unref();
    },

    /**
     * Scale-out: a node that takes over the feed saves the newest two candles of every
     * instrument and period first — the last owner may have died before its last save, and
     * this node's candles, made from the same ticks, hold what it had.
     */
    markRecentUnsaved(): void {
      for (const record of listed)
        for (const period of PERIOD_LADDER)
          for (const candle of book.candles(record.id, period).slice(-2))
            dirty.set(`${record.id}:${period}:${candle.time}`, {
              instrumentId: record.id,
              period,
              candle,
            });
    },
  };
}

export type CandleStore = ReturnType<typeof createCandleStore>;
