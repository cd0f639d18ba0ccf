import type { Instrument } from '@tradedesk/contract';
import { feeMicros, marginMicros, microsToNumber, parseLots, type Side } from '@tradedesk/engine';
import { specOf, toPoints, usdRateOf } from './instrument-spec.ts';

export interface OrderPreview {
  margin: number;
  fee: number;
}

/**
 * Margin and fee of an order before it is sent, with the engine's own exact arithmetic, so
 * the preview shows what the server will charge at this price. Null while the input is not
 * an order yet (empty lots, no leverage).
 */
export function previewOrder(input: {
  instrument: Instrument;
  instruments: readonly Instrument[];
  side: Side;
  lots: string;
  leverage: number;
  /** The price it opens at: the ask for a buy, the bid for a sell, or the pending target. */
  price: number;
  feeType: number;
}): OrderPreview | null {
  const { instrument } = input;
  try {
    const spec = specOf(instrument);
    const lots = parseLots(input.lots);
    if (lots <= 0n || (spec.marginMode === 0 && input.leverage <= 0)) return null;
    const margin = marginMicros(
      spec,
      input.side,
      lots,
      toPoints(input.price, instrument.PricePrecision),
      input.leverage,
      usdRateOf(instrument.MarginCurrency, input.instruments),
    );
    const fee = feeMicros(spec, lots, margin, input.feeType === 1 ? 1 : 2);
    return { margin: microsToNumber(margin), fee: microsToNumber(fee) };
  } catch {
    return null;
  }
}
