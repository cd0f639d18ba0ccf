import { asLots, type Lots, NO_PRICE, type Side } from '@tradedesk/engine';

/** What a bot holds: the side of its one position and the candle it opened at. */
export interface Holding {
  side: Side;
  openedAt: number;
}

export type Decision = { open: Side } | 'close' | null;

export interface Strategy {
  name: 'trend' | 'mean-reversion' | 'scalper' | 'reckless';
  /** The instrument's code (quoted in USD, so no conversion pair is needed at a past time). */
  code: string;
  leverage: number;
  /** Lots in 10^-4 (the engine's unit). */
  lots: bigint;
  /**
   * Decides at candle `i` of `closes` (oldest first), holding at most one position. `tick`
   * counts the looks (the candle index in a replay; the look's slot number live), for the
   * strategies that act only every few of them.
   */
  decide(
    closes: readonly number[],
    i: number,
    holding: Holding | undefined,
    tick?: number,
  ): Decision;
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const window = (closes: readonly number[], i: number, n: number) =>
  closes.slice(Math.max(0, i - n + 1), i + 1);

/** Moving averages crossing: long when the fast one is above, short when below. */
const trend: Strategy = {
  name: 'trend',
  code: 'EURUSD',
  leverage: 100,
  lots: 5_000n,
  decide(closes, i, holding) {
    if (i < 20) return null;
    const side: Side = mean(window(closes, i, 5)) > mean(window(closes, i, 20)) ? 'buy' : 'sell';
    if (!holding) return { open: side };
    return holding.side !== side ? 'close' : null;
  },
};

/** Fades a move of more than 1.5 standard deviations from the mean; out at the mean or later. */
const meanReversion: Strategy = {
  name: 'mean-reversion',
  code: 'XAUUSD',
  leverage: 50,
  lots: 1_000n,
  decide(closes, i, holding) {
    if (i < 20) return null;
    const recent = window(closes, i, 20);
    const m = mean(recent);
    const sd = Math.sqrt(mean(recent.map((c) => (c - m) ** 2)));
    const price = closes[i]!;
    if (holding) {
      const back = holding.side === 'buy' ? price >= m : price <= m;
      return back || i - holding.openedAt >= 12 ? 'close' : null;
    }
    if (sd === 0) return null;
    if (price > m + 1.5 * sd) return { open: 'sell' };
    if (price < m - 1.5 * sd) return { open: 'buy' };
    return null;
  },
};

/** Follows the last candle's move for one candle, every third candle. */
const scalper: Strategy = {
  name: 'scalper',
  code: 'BTCUSD',
  leverage: 20,
  lots: 2_000n,
  decide(closes, i, holding, tick = i) {
    if (holding) return 'close';
    if (i < 1 || tick % 3 !== 0 || closes[i] === closes[i - 1]) return null;
    return { open: closes[i]! > closes[i - 1]! ? 'buy' : 'sell' };
  },
};

/** Chases momentum at the highest leverage, holding six candles whatever happens. */
const reckless: Strategy = {
  name: 'reckless',
  code: 'GBPUSD',
  leverage: 500,
  lots: 10_000n,
  decide(closes, i, holding, tick = i) {
    if (holding) return i - holding.openedAt >= 6 ? 'close' : null;
    if (i < 4 || tick % 4 !== 0 || closes[i] === closes[i - 3]) return null;
    return { open: closes[i]! > closes[i - 3]! ? 'buy' : 'sell' };
  },
};

export const STRATEGIES: readonly Strategy[] = [trend, meanReversion, scalper, reckless];

/** A bot's market order: its strategy's lots and leverage, no take profit, no stop loss. */
export const requestOf = (strategy: Strategy, instrumentId: number, side: 'buy' | 'sell') => ({
  instrumentId,
  side,
  lots: asLots(strategy.lots) as Lots,
  leverage: strategy.leverage,
  takeProfit: NO_PRICE,
  stopLoss: NO_PRICE,
});
