import { type AccountFigures, isBelowLevel } from '../account/account-figures.ts';
import type { CurrencyRate } from '../instruments/conversion.ts';
import {
  asPricePoints,
  type InstrumentSpec,
  type Lots,
  type PricePoints,
} from '../instruments/spec.ts';
import { addMicros, type Micros, subtractMicros } from '../money/micros.ts';
import { pnlMicros, type Side } from '../pnl/pnl.ts';

/** The position whose price is asked about, as it stands at the current quote. */
export interface PricedPosition {
  spec: InstrumentSpec;
  side: Side;
  lots: Lots;
  openPrice: PricePoints;
  /** The price it would close at now (Bid for a buy, Ask for a sell). */
  closingPrice: PricePoints;
  profitRate: CurrencyRate;
}

/**
 * The price of `position` at which the account's margin level would fall below `level` (at
 * 10^-4, as stop-out compares it), every other price as it is now (issue 40: how far a margin
 * call is from stop-out). Found by bisection on the exact P&L, so it is the first price point,
 * moving against the position, at which stop-out would happen — the nearest one, never one
 * beyond it. The current closing price when the account is already there; null when no
 * positive price would do it (a buy whose loss at 0 still leaves the level).
 */
export function stopOutPrice(
  figures: Pick<AccountFigures, 'equity' | 'usedMargin'>,
  position: PricedPosition,
  level: bigint,
): PricePoints | null {
  const { spec, side, lots, openPrice, closingPrice, profitRate } = position;
  const pnlAt = (price: PricePoints) => pnlMicros(spec, side, openPrice, price, lots, profitRate);
  const others: Micros = subtractMicros(figures.equity, pnlAt(closingPrice));
  const below = (price: bigint) =>
    isBelowLevel(
      { equity: addMicros(others, pnlAt(asPricePoints(price))), usedMargin: figures.usedMargin },
      level,
    );
  if (below(closingPrice)) return closingPrice;
  // Against a buy the price falls, against a sell it rises: find a far end that is below.
  let near = closingPrice as bigint;
  let far: bigint;
  if (side === 'buy') {
    if (!below(1n)) return null;
    far = 1n;
  } else {
    let step = closingPrice > 0n ? closingPrice : 1n;
    far = near + step;
    while (!below(far)) {
      step *= 2n;
      far = near + step;
      if (step > 1n << 62n) return null;
    }
  }
  // near is not below, far is: narrow to adjacent points.
  while (near - far > 1n || far - near > 1n) {
    const middle = (near + far) / 2n;
    if (below(middle)) far = middle;
    else near = middle;
  }
  return asPricePoints(far);
}
