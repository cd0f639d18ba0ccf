import { type InstrumentSpec, specFromDecimals } from '../instruments/spec.ts';

/**
 * A forex pair as the catalogue defines one (100 000 units a lot, 0.01 lot steps, 0.05 % fee,
 * leverage 1:50 to 1:500), for the engine's tests: EURUSD is `forexPair('EURUSD', 5, 'USD')`.
 */
export function forexPair(code: string, precision: number, quoteCurrency: string): InstrumentSpec {
  return specFromDecimals({
    id: 1,
    code,
    precision,
    lotStep: '0.01',
    minLots: '0.01',
    maxLots: '50',
    contractSize: '100000',
    feeRate: '0.0005',
    marginMode: 0,
    leverage: [50, 100, 200, 500],
    quoteCurrency,
  });
}
