/**
 * A document number as shown on the status screens: a quarter of it (at most 4 characters)
 * kept at each end, the rest starred, so the trader recognises it without it being readable
 * over their shoulder. Counts characters, not UTF-16 units.
 */
export function maskCardId(cardId: string): string {
  const chars = Array.from(cardId.trim());
  const kept = Math.min(4, Math.floor(chars.length / 4));
  return [
    ...chars.slice(0, kept),
    '*'.repeat(chars.length - 2 * kept),
    ...chars.slice(chars.length - kept),
  ].join('');
}
