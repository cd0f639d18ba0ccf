/**
 * Amounts as a trader types them: what an amount field keeps of the keys pressed, and the
 * decimal text a request sends. Shared by the features that take an amount (funding, copying).
 */

/**
 * What an amount field keeps of the keys pressed: digits and one decimal point (a comma
 * counts as one, as phone keyboards in many languages offer it), at most `maxDecimals`
 * decimals and 12 integer digits (the contract's bound). Leading zeros collapse ("007" → "7").
 */
export function cleanAmountInput(text: string, maxDecimals: number): string {
  const kept = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  const whole = (point < 0 ? kept : kept.slice(0, point)).replace(/^0+(?=\d)/, '').slice(0, 12);
  if (point < 0 || maxDecimals === 0) return whole;
  const fraction = kept
    .slice(point + 1)
    .replace(/\./g, '')
    .slice(0, maxDecimals);
  return `${whole || '0'}.${fraction}`;
}

/**
 * The decimal text to send for a typed amount, or null when it is no positive amount
 * ("", "0", "0.00"). A trailing point is dropped ("5." → "5").
 */
export function amountToSend(text: string): string | null {
  const trimmed = text.trim().replace(/\.$/, '');
  if (!/^\d{1,12}(\.\d+)?$/.test(trimmed)) return null;
  return /[1-9]/.test(trimmed) ? trimmed : null;
}
