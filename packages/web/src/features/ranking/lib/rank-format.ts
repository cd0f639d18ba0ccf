/** Display formatting of the ranking's figures: shown, never computed with. */
import {
  formatLeverage,
  formatPercent,
  formatSignedMoney,
  formatSignedPercent,
  formatVolume,
} from '../../../lib/format.ts';

/** A profit rate: "+3.59%", "-29.37%", "0.00%". */
export function formatRate(percent: number): string {
  return formatSignedPercent(percent);
}

/** A share such as the win rate, or a drawdown (0–100 % of the equity peak): "59.09%". */
export function formatShare(percent: number): string {
  return formatPercent(percent);
}

/** Income in USD, signed, grouped: "+1,408.50", "-2,941.36". */
export function formatIncome(usd: number): string {
  return formatSignedMoney(usd);
}

/** Assets under copy in USD, compact so that a card's narrow column holds it: "1.25M", "830". */
export function formatAssets(usd: number): string {
  return formatVolume(usd);
}

/** Leverage as traders write it: "1:100", the app's one notation. */
export function formatMultiple(multiple: number): string {
  return formatLeverage(multiple);
}
