/** Display formatting of the ranking's figures: shown, never computed with. */

const two = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A profit rate: "+3.59%", "-29.37%", "0.00%". */
export function formatRate(percent: number): string {
  return `${percent > 0 ? '+' : ''}${two.format(percent)}%`;
}

/** A share such as the win rate: "59.09%". */
export function formatShare(percent: number): string {
  return `${two.format(percent)}%`;
}

/** Income in USD, signed, grouped: "+1,408.50", "-2,941.36". */
export function formatIncome(usd: number): string {
  return `${usd > 0 ? '+' : ''}${two.format(usd)}`;
}

/** Leverage as traders write it: "1:100". */
export function formatMultiple(multiple: number): string {
  return `1:${multiple}`;
}

/** The risk band of a score 2–10, for its colour. */
export function riskBand(score: number): 'low' | 'medium' | 'high' {
  if (score <= 4) return 'low';
  if (score <= 7) return 'medium';
  return 'high';
}
