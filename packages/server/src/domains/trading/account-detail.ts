import type { ForexDetail } from '@tradedesk/contract';
import {
  accountFigures,
  type Micros,
  microsToNumber,
  type PositionValue,
  RATIO_SCALE,
  ZERO_MICROS,
} from '@tradedesk/engine';

function ratioPercent(ratio: bigint | null): number {
  // 10^-4 → percent with 2 decimals: 48 500 → 485.00.
  return ratio === null ? 0 : Number(ratio) / Number(RATIO_SCALE / 100n);
}

/**
 * The account figures on the wire (forexDetail, and the summary pushed on FOREX_TRADE), from
 * the balance and the open positions valued at the current quotes.
 */
export function accountDetail(
  balance: Micros,
  lockBalance: Micros,
  positions: readonly PositionValue[],
): ForexDetail {
  const figures = accountFigures(balance, positions);
  const available: Micros = figures.freeMargin > 0n ? figures.freeMargin : ZERO_MICROS;
  return {
    balance: microsToNumber(balance),
    lock_balance: microsToNumber(lockBalance),
    net_value: microsToNumber(figures.equity),
    available_prepayment: microsToNumber(figures.freeMargin),
    current_margin: microsToNumber(figures.usedMargin),
    risk_rate: ratioPercent(figures.riskRate),
    prepayment_ratio: ratioPercent(figures.marginLevel),
    available_assets: microsToNumber(available),
  };
}
