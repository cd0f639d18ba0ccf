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

/** A level (10^-4) as forexDetail's `stop_out_level` and `margin_call_level`, percent: 5 000 → 50. */
export function stopOutPercent(level: bigint): number {
  return ratioPercent(level);
}

/**
 * The account figures on the wire (forexDetail, and the summary pushed on FOREX_TRADE), from
 * the engine's `accountFigures` over the balance, the pending reserves and the open positions
 * valued at the current quotes. `available_assets` is what a new order or a withdrawal may
 * take now: the free margin, but never more than the balance holds (reserves and margin are
 * the trader's money, yet already committed).
 */
export function accountDetail(
  account: { balance: Micros; lockBalance: Micros },
  positions: readonly PositionValue[],
  reserved: Micros,
): Omit<ForexDetail, 'stop_out_level' | 'margin_call_level' | 'stop_out_at'> {
  const { balance } = account;
  const figures = accountFigures({ balance, reserved }, positions);
  let usable = balance;
  if (figures.freeMargin < usable) usable = figures.freeMargin;
  return {
    balance: microsToNumber(balance),
    lock_balance: microsToNumber(account.lockBalance),
    net_value: microsToNumber(figures.equity),
    available_prepayment: microsToNumber(figures.freeMargin),
    current_margin: microsToNumber(figures.usedMargin),
    risk_rate: ratioPercent(figures.riskRate),
    prepayment_ratio: ratioPercent(figures.marginLevel),
    available_assets: microsToNumber(usable > 0n ? usable : ZERO_MICROS),
  };
}
