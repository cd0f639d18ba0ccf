import { asMicros, type Micros } from '../money/micros.ts';
import type { AccountFigures } from './account-figures.ts';

const RATIO_SCALE = 10_000n;
const CENT = 10_000n;

/**
 * The deposit that brings the margin level (equity / used margin) back to `level` (at 10^-4:
 * 10 000 is 100 %), rounded up to the cent — what a margin call tells the trader to add. By
 * the level's definition the equity must reach level × used margin: the deposit is what it
 * lacks. Zero when the level is met, or without open positions.
 */
export function depositToRestore(
  figures: Pick<AccountFigures, 'equity' | 'usedMargin'>,
  level: bigint,
): Micros {
  if (figures.usedMargin <= 0n) return asMicros(0n);
  const needed = level * figures.usedMargin;
  const missing = needed - figures.equity * RATIO_SCALE;
  if (missing <= 0n) return asMicros(0n);
  const micros = (missing + RATIO_SCALE - 1n) / RATIO_SCALE;
  return asMicros(((micros + CENT - 1n) / CENT) * CENT);
}
