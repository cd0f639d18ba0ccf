import { asLots, type InstrumentSpec, type Lots, type PricePoints } from '../instruments/spec.ts';
import { asMicros, type Micros, subtractMicros } from '../money/micros.ts';
import { pnlMicros, type Side } from '../pnl/pnl.ts';
import type { LedgerEntry, Market } from './position.ts';

/** Why a part of a position cannot be closed; nothing changes then. */
export type PartialCloseRefusal =
  | 'PART_NOT_LESS_THAN_WHOLE'
  | 'LOTS_BELOW_MIN'
  | 'LOTS_OFF_STEP'
  | 'REMAINDER_BELOW_MIN'
  | 'REMAINDER_OFF_STEP';

/** What of a position is shared out by volume when part of it is closed. */
export interface PositionShare {
  lots: Lots;
  margin: Micros;
  fee: Micros;
}

/** `amount` × part / whole, to the micro-dollar, half away from zero. */
function shareOf(amount: Micros, part: Lots, whole: Lots): Micros {
  const scaled = amount * part;
  const sign = scaled < 0n ? -1n : 1n;
  const magnitude = scaled * sign;
  const quotient = magnitude / whole;
  const rounded = 2n * (magnitude % whole) >= whole ? quotient + 1n : quotient;
  return asMicros(rounded * sign);
}

/**
 * A position split in two to close `closeLots` of it (issue 40; MT4 closes the part and keeps
 * the rest open at the same open price). Both parts must be at least the minimum lot and a whole
 * number of steps, the closed one smaller than the whole (closing all is a close). Margin and fee
 * go by volume: the closed part's share is rounded to the micro-dollar and the rest stays with
 * the remainder, so the two always sum to the whole — no micro-dollar lost or made. Every
 * other field (open price, stops, trailing stop, id) stays with the remainder as it was.
 */
export function splitPosition<P extends PositionShare>(
  spec: InstrumentSpec,
  position: P,
  closeLots: Lots,
): { ok: true; closed: PositionShare; remaining: P } | { ok: false; reason: PartialCloseRefusal } {
  const rest = asLots(position.lots - closeLots);
  if (closeLots >= position.lots) return { ok: false, reason: 'PART_NOT_LESS_THAN_WHOLE' };
  if (closeLots < spec.minLots) return { ok: false, reason: 'LOTS_BELOW_MIN' };
  if (closeLots % spec.lotStep !== 0n) return { ok: false, reason: 'LOTS_OFF_STEP' };
  if (rest < spec.minLots) return { ok: false, reason: 'REMAINDER_BELOW_MIN' };
  if (rest % spec.lotStep !== 0n) return { ok: false, reason: 'REMAINDER_OFF_STEP' };
  const margin = shareOf(position.margin, closeLots, position.lots);
  const fee = shareOf(position.fee, closeLots, position.lots);
  return {
    ok: true,
    closed: { lots: closeLots, margin, fee },
    remaining: {
      ...position,
      lots: rest,
      margin: subtractMicros(position.margin, margin),
      fee: subtractMicros(position.fee, fee),
    },
  };
}

/**
 * Closes `closeLots` of a position at `price`: the split of {@link splitPosition}, and the
 * part's realised P&L as what the whole would realise less what the remainder would — so that
 * the part's P&L and the remainder's floating P&L at that price sum to the whole's exactly,
 * and a partial close moves no micro-dollar between balance, margin and floating P&L. Its
 * ledger: the part's margin back, and its P&L, one row each.
 */
export function closePartAt<P extends PositionShare & { side: Side; openPrice: PricePoints }>(
  market: Pick<Market, 'spec' | 'rates'>,
  position: P,
  closeLots: Lots,
  price: PricePoints,
):
  | {
      ok: true;
      closed: PositionShare & { closePrice: PricePoints; pnl: Micros };
      remaining: P;
      ledger: LedgerEntry[];
    }
  | { ok: false; reason: PartialCloseRefusal } {
  const split = splitPosition(market.spec, position, closeLots);
  if (!split.ok) return split;
  const pnlOf = (lots: Lots) =>
    pnlMicros(market.spec, position.side, position.openPrice, price, lots, market.rates.profit);
  const pnl = subtractMicros(pnlOf(position.lots), pnlOf(split.remaining.lots));
  return {
    ok: true,
    closed: { ...split.closed, closePrice: price, pnl },
    remaining: split.remaining,
    ledger: [
      { kind: 'margin-release', amount: split.closed.margin },
      { kind: 'pnl', amount: pnl },
    ],
  };
}
