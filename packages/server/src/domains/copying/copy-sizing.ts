import { asLots, type InstrumentSpec, type Lots, type Micros } from '@tradedesk/engine';

/** A copy's size for a leader's trade, or why it has none. */
export type CopySize = { ok: true; lots: Lots } | { ok: false; reason: 'below-min-lot' };

/**
 * The copy's lots for a leader's trade (issue 29): leader lots × copy equity ÷ leader equity,
 * rounded down to the instrument's lot step — never more than the leader's proportion, so a
 * copy never takes more risk than the trader it follows — and at most the instrument's
 * maximum. Below the minimum lot there is no trade. Exact: integers of 10^-4 lots and µUSD.
 */
export function copyLots(
  leaderLots: Lots,
  copyEquity: Micros,
  leaderEquity: Micros,
  spec: Pick<InstrumentSpec, 'lotStep' | 'minLots' | 'maxLots'>,
): CopySize {
  if (copyEquity <= 0n || leaderEquity <= 0n) return { ok: false, reason: 'below-min-lot' };
  const proportional = (leaderLots * copyEquity) / leaderEquity;
  const stepped = (proportional / spec.lotStep) * spec.lotStep;
  if (stepped < spec.minLots || stepped === 0n) return { ok: false, reason: 'below-min-lot' };
  // Math.min takes no bigint.
  if (stepped > spec.maxLots) return { ok: true, lots: spec.maxLots };
  return { ok: true, lots: asLots(stepped) };
}
