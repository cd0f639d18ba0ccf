import type { Instrument } from '@tradedesk/contract';
import { microsToNumber, parseLots, pnlMicros } from '@tradedesk/engine';
import { specOf, toPoints, usdRateOf } from './instrument-spec.ts';
import type { Side } from './order-draft.ts';
import { parseLevel } from './stop-levels.ts';

/**
 * The USD profit or loss of the order if it closes at `level` (a stop loss or take profit),
 * with the engine's own arithmetic, as the server would realise it: opened at `openPrice`,
 * converted from the quote currency at the listed pairs. Null while the lots or the level
 * are not figures yet, or no listed pair converts the quote currency.
 */
export function levelPnl(input: {
  instrument: Instrument;
  instruments: readonly Instrument[];
  side: Side;
  lots: string;
  /** The ask for a buy, the bid for a sell, or the pending target. */
  openPrice: number;
  level: string;
}): number | null {
  const { instrument } = input;
  const level = parseLevel(input.level, instrument.PricePrecision);
  if (level === null) return null;
  try {
    const lots = parseLots(input.lots);
    if (lots <= 0n) return null;
    const pnl = pnlMicros(
      specOf(instrument),
      input.side,
      toPoints(input.openPrice, instrument.PricePrecision),
      level,
      lots,
      // The instrument itself converts its quote currency when it is USDxxx (USDJPY).
      usdRateOf(instrument.QuoteCurrency, [instrument, ...input.instruments]),
    );
    return microsToNumber(pnl);
  } catch {
    return null;
  }
}
