import type { SimulatedInstrument } from './simulated-feed.ts';

/** Instruments for simulator and candle tests. */
export const EURUSD: SimulatedInstrument = {
  id: 1,
  code: 'EURUSD',
  schedule: 'forex',
  precision: 5,
  spreadPoints: 8,
  volatility: 0.07,
  anchorPoints: 108_500,
  startPoints: 108_500,
};
export const BTCUSD: SimulatedInstrument = {
  id: 2,
  code: 'BTCUSD',
  schedule: 'crypto',
  precision: 2,
  spreadPoints: 2500,
  volatility: 0.55,
  anchorPoints: 9_700_000,
  startPoints: 9_700_000,
};
