/** Display formatting of the ranking's figures: shown, never computed with. */
import {
  formatLeverage,
  formatPercent,
  formatSignedMoney,
  formatSignedPercent,
} from '../../../lib/format.ts';

/** A profit rate: "+3.59%", "-29.37%", "0.00%". */
export function formatRate(percent: number): string {
  return formatSignedPercent(percent);
}

/** A share such as the win rate: "59.09%". */
export function formatShare(percent: number): string {
  return formatPercent(percent);
}

/** Income in USD, signed, grouped: "+1,408.50", "-2,941.36". */
export function formatIncome(usd: number): string {
  return formatSignedMoney(usd);
}

/** Leverage as traders write it: "1:100", the app's one notation. */
export function formatMultiple(multiple: number): string {
  return formatLeverage(multiple);
}

/** The risk band of a score 2–10, for its colour. */
export function riskBand(score: number): 'low' | 'medium' | 'high' {
  if (score <= 4) return 'low';
  if (score <= 7) return 'medium';
  return 'high';
}
